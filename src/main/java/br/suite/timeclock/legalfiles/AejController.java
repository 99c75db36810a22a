package br.suite.timeclock.legalfiles;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;
import br.suite.timeclock.AfdSigner;

@RestController
@RequestMapping("/api/timeclock/aej")
@Tag(name = "Time clock: AEJ")
class AejController {

	static final String GENERATED_AT = "Suite-Aej-Generated-At";

	private final AejExport export;

	private final AfdSigner signer;

	AejController(AejExport export, AfdSigner signer) {
		this.export = export;
		this.signer = signer;
	}

	@GetMapping
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	@Operation(summary = "Export the AEJ (Arquivo Eletrônico de Jornada, Portaria MTP 671/2021 art. 83)",
			description = "Records 01-05, 07, 08 and 99 and the signature line for the jornadas that started in "
					+ "date_from..date_to (both required, at most 366 days) at establishment_id: closed months from their "
					+ "frozen espelhos, open months computed from current data; '|' separators, ISO-8859-1, CRLF "
					+ "(docs/api.md § AEJ). 409 employee_cpf_required (listed) unless allow_incomplete=true leaves them "
					+ "out. The generation time is answered in " + GENERATED_AT
					+ "; sent back as generated_at it gives the same bytes (400 for a time this server did not give, "
					+ "409 aej_changed when the content changed since).")
	ResponseEntity<byte[]> aej(@ParameterObject LegalFileQuery query) {
		return this.export.export(query.request()).download(GENERATED_AT);
	}

	@GetMapping("/signature")
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	@Operation(summary = "Detached CAdES signature (.p7s) of the AEJ, with the AFD's key",
			description = "The same parameters as the AEJ, with its " + GENERATED_AT + " as generated_at so the "
					+ "signature covers the bytes downloaded. 503 (rule afd_signature_not_configured) without a key.")
	ResponseEntity<byte[]> signature(@ParameterObject LegalFileQuery query) {
		return this.export.export(query.request()).signature(this.signer, GENERATED_AT);
	}

}
