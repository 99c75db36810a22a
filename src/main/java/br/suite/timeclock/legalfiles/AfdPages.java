package br.suite.timeclock.legalfiles;

import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.shared.ApiProblem;
import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;
import br.suite.timeclock.AfdSigner;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.RepSettings;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;

/** The AFD of an establishment for the labour inspector, and its signature. */
@Controller
class AfdPages {

	private final AfdExport export;

	private final AfdSigner signer;

	private final Establishments establishments;

	private final RepSettings settings;

	AfdPages(AfdExport export, AfdSigner signer, Establishments establishments, RepSettings settings) {
		this.export = export;
		this.signer = signer;
		this.establishments = establishments;
		this.settings = settings;
	}

	/**
	 * The form only: a generation is recorded, so it is a POST (with the form's CSRF
	 * token), never what opening a link does.
	 */
	@GetMapping({ "/app/afd", "/app/afd/" })
	@Requires("timeclock.afd.export")
	String afdForm(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(name = "allow_incomplete", defaultValue = "false") boolean allowIncomplete, Model model) {
		return form(establishmentId, dateFrom, dateTo, allowIncomplete, model);
	}

	@PostMapping({ "/app/afd", "/app/afd/" })
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	String afd(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(name = "allow_incomplete", defaultValue = "false") boolean allowIncomplete, Model model) {
		form(establishmentId, dateFrom, dateTo, allowIncomplete, model);
		if (establishmentId == null) {
			return "afd";
		}
		LocalDate from;
		LocalDate to;
		try {
			from = FormInput.day("date_from", dateFrom);
			to = FormInput.day("date_to", dateTo);
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return "afd";
		}
		try {
			GeneratedFile file = this.export.export(new AfdRequest(establishmentId, from, to, allowIncomplete, null));
			model.addAttribute("file", file);
			// Without a signing key store the .p7s would be a 503: no link then.
			model.addAttribute("signature", this.settings.signatureKeystore() != null);
			model.addAttribute("query", "establishment_id=" + establishmentId + "&date_from=" + text(from) + "&date_to="
					+ text(to) + "&allow_incomplete=" + allowIncomplete + "&generated_at=" + file.generatedAt());
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			Object employees = problem.toProblemDetail().getProperties() == null ? null
					: problem.toProblemDetail().getProperties().get("employees");
			model.addAttribute("withoutCpf", employees instanceof List<?> list ? list : List.of());
		}
		return "afd";
	}

	private String form(@Nullable Long establishmentId, String dateFrom, String dateTo, boolean allowIncomplete,
			Model model) {
		model.addAttribute("establishments", this.establishments.list());
		model.addAttribute("establishmentId", establishmentId);
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("allowIncomplete", allowIncomplete);
		return "afd";
	}

	@GetMapping("/app/afd/file")
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	ResponseEntity<byte[]> afdFile(LegalFileQuery query) {
		return this.export.export(query.issued()).attachment();
	}

	@GetMapping("/app/afd/signature")
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	ResponseEntity<byte[]> afdSignature(LegalFileQuery query) {
		return this.export.export(query.issued()).signatureAttachment(this.signer);
	}

	private static String text(@Nullable LocalDate date) {
		return date == null ? "" : date.toString();
	}

}
