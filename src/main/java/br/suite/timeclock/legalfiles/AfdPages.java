package br.suite.timeclock.legalfiles;

import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;

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

	/** The AFD form as typed: the establishment, the period (dd/mm/aaaa) and the box. */
	record AfdForm(@BindParam("establishment_id") @Nullable Long establishmentId,
			@BindParam("date_from") @Nullable String dateFrom, @BindParam("date_to") @Nullable String dateTo,
			@BindParam("allow_incomplete") @Nullable Boolean allowIncomplete) {

		AfdForm {
			dateFrom = dateFrom == null ? "" : dateFrom;
			dateTo = dateTo == null ? "" : dateTo;
		}

		boolean incomplete() {
			return Boolean.TRUE.equals(this.allowIncomplete);
		}

		/** What the export takes; the days are read at once (400 at their field). */
		AfdRequest request() {
			return new AfdRequest(this.establishmentId, FormInput.day("date_from", this.dateFrom),
					FormInput.day("date_to", this.dateTo), incomplete(), null);
		}

	}

	/** What a generation gave: the file and the request it answered. */
	private record Generated(AfdRequest request, GeneratedFile file) {
	}

	/**
	 * The form only: a generation is recorded, so it is a POST (with the form's CSRF
	 * token), never what opening a link does.
	 */
	@GetMapping({ "/app/afd", "/app/afd/" })
	@Requires("timeclock.afd.export")
	String afdForm(AfdForm form, Model model) {
		return form(form, model);
	}

	@PostMapping({ "/app/afd", "/app/afd/" })
	@Requires("timeclock.afd.export")
	@RateLimited(RateLimited.Kind.EXPORTS)
	String afd(AfdForm form, Model model) {
		form(form, model);
		if (form.establishmentId() == null) {
			return "afd";
		}
		return FormErrors.submit(model, () -> {
			AfdRequest request = form.request();
			return new Generated(request, this.export.export(request));
		}, generated -> {
			GeneratedFile file = generated.file();
			model.addAttribute("file", file);
			// Without a signing key store the .p7s would be a 503: no link then.
			model.addAttribute("signature", this.settings.signatureKeystore() != null);
			model.addAttribute("query",
					"establishment_id=" + form.establishmentId() + "&date_from=" + text(generated.request().dateFrom())
							+ "&date_to=" + text(generated.request().dateTo()) + "&allow_incomplete="
							+ form.incomplete() + "&generated_at=" + file.generatedAt());
			return "afd";
		}, problem -> {
			// Punches of employees without CPF: the page lists them.
			Object employees = problem.toProblemDetail().getProperties() == null ? null
					: problem.toProblemDetail().getProperties().get("employees");
			model.addAttribute("withoutCpf", employees instanceof List<?> list ? list : List.of());
			return "afd";
		});
	}

	private String form(AfdForm form, Model model) {
		model.addAttribute("establishments", this.establishments.list());
		model.addAttribute("establishmentId", form.establishmentId());
		model.addAttribute("dateFrom", form.dateFrom());
		model.addAttribute("dateTo", form.dateTo());
		model.addAttribute("allowIncomplete", form.incomplete());
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
