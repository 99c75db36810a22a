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
@RequestMapping("/api/timeclock/afd")
@Tag(name = "Time clock: AFD")
class AfdController {

	static final String GENERATED_AT = "Suite-Afd-Generated-At";

	private final AfdExport export;

	private final AfdSigner signer;

	AfdController(AfdExport export, AfdSigner signer) {
		this.export = export;
		this.signer = signer;
	}

	@GetMapping
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	@Operation(summary = "Export the AFD (Portaria MTP 671/2021, REP-P)",
			description = "The Arquivo Fonte de Dados of establishment_id for the punches whose date (in the "
					+ "establishment's zone) lies in date_from..date_to (both optional, inclusive), in NSR order: header "
					+ "(type 1), employer and employee records (types 2 and 5, by the date they were recorded), punches "
					+ "(type 7), trailer (type 9, counts per type) and the signature line; ISO-8859-1, CRLF. 409 when "
					+ "the establishment has no employer_document, or when punches belong to employees without CPF "
					+ "(listed) unless allow_incomplete=true. The header's generation time is the server's, answered in "
					+ GENERATED_AT
					+ "; sending it back as generated_at (with the same parameters) gives the same bytes "
					+ "again (for the signature): 400 for a time this server did not generate, 409 (rule afd_changed) "
					+ "when the file's content changed since.")
	ResponseEntity<byte[]> afd(@ParameterObject LegalFileQuery query) {
		return this.export.export(query.request()).download(GENERATED_AT);
	}

	@GetMapping("/signature")
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	@Operation(summary = "Detached CAdES signature (.p7s) of the AFD",
			description = "The same parameters as the AFD; send the AFD's " + GENERATED_AT + " as generated_at so the "
					+ "signature covers exactly the bytes downloaded (only a generation time this server gave out is "
					+ "accepted: 400 otherwise, 409 afd_changed when the file changed since). 503 (rule "
					+ "afd_signature_not_configured) without a configured PKCS#12 key store.")
	ResponseEntity<byte[]> signature(@ParameterObject LegalFileQuery query) {
		return this.export.export(query.request()).signature(this.signer, GENERATED_AT);
	}

}
