package br.suite.bills.bill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import br.suite.shared.http.BodyLimits;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;

/** {@code POST /api/finance/bills/nfe/}: a supplier's NF-e XML becomes a payable. */
@RestController
@RequestMapping("/api/finance/bills/nfe")
@Tag(name = "Bills")
class NfeImportController {

	static final String DESCRIPTION = "The supplier's NF-e XML (nfeProc or NFe, layout 4.00) becomes a payable, "
			+ "answered as POST /api/finance/bills/ answers (201). The signature (enveloped XMLDSig of #NFe<key>, the "
			+ "certificate in KeyInfo) is verified: a changed value is a 400 on signature. dest/CNPJ must have the CNPJ "
			+ "root of an establishment (400 on dest_cnpj); the emitter is the fornecedor (found by CNPJ, or created "
			+ "from emit); installments from cobr/dup (nDup, dVenc, vDup), or one of vNF due at the emission date; "
			+ "document_number nNF/serie; competence_date the emission date; the supplier's default category, else the "
			+ "bill is uncategorised (GET …/bills/?uncategorised=true); the fiscal document (type nfe, the key, vNF) is "
			+ "registered and linked (fiscal_document_id). The same access key again is a 409 with existing_id (the "
			+ "bill). Not XML, a DOCTYPE, another layout or model: 400 on xml; a bad access key: 400 on access_key. "
			+ "A refusal writes nothing.";

	private final NfeImports imports;

	NfeImportController(NfeImports imports) {
		this.imports = imports;
	}

	@PostMapping(consumes = { MediaType.APPLICATION_XML_VALUE, MediaType.TEXT_XML_VALUE,
			MediaType.APPLICATION_OCTET_STREAM_VALUE })
	@Requires("finance.bills.change")
	@Operation(summary = "Import a supplier's NF-e XML (raw body)", description = DESCRIPTION,
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
					mediaType = "application/xml", schema = @Schema(type = "string", format = "binary"))))
	ResponseEntity<BillResponse> importBody(@RequestBody(required = false) byte @Nullable [] body) {
		return created(body);
	}

	@PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Requires("finance.bills.change")
	@Operation(summary = "Import a supplier's NF-e XML (multipart, the part named file)", description = DESCRIPTION)
	ResponseEntity<BillResponse> importPart(
			@RequestPart(name = "file", required = false) @Nullable MultipartFile file) {
		if (file == null) {
			throw InvalidRequest.of("xml", "is required: send the NF-e XML as the multipart part named file");
		}
		try {
			return created(file.getBytes());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private ResponseEntity<BillResponse> created(byte @Nullable [] xml) {
		var created = this.imports.importXml(xml);
		return created.created("/api/finance/bills/" + created.body().id() + "/");
	}

	/** An NF-e with many items is larger than a JSON body. */
	@Configuration(proxyBeanMethods = false)
	static class Limits {

		@Bean
		BodyLimits billsNfeLimits() {
			return new BodyLimits(Map.of("/bills/nfe", BodyLimits.UPLOAD_AS_FORM),
					// The page's upload feeds the same import.
					Map.of("/payables/nfe", "/bills/nfe"));
		}

	}

}
