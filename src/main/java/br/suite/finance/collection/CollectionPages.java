package br.suite.finance.collection;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.charge.ChargeResponse;
import br.suite.finance.charge.ChargeService;
import br.suite.finance.collection.CollectionTemplates.Rendered;
import br.suite.shared.ApiProblem;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/**
 * The Régua de cobrança page ({@code /app/collection/}): the policy's form, checked by
 * the API's own service; a preview of each step's message for a sample charge (the latest
 * open one with a due date, else a fictitious one); the hint to configure mail when it is
 * not; a button that runs it now.
 */
@Controller
class CollectionPages {

	private final Policies policies;

	private final CollectionRun run;

	private final CollectionSender sender;

	private final ChargeService charges;

	private final CollectionRepository repository;

	CollectionPages(Policies policies, CollectionRun run, CollectionSender sender, ChargeService charges,
			CollectionRepository repository) {
		this.policies = policies;
		this.run = run;
		this.sender = sender;
		this.charges = charges;
		this.repository = repository;
	}

	/** What the form shows: the policy's fields as text. */
	record Form(boolean enabled, String sendTime, String steps, String beforeSubject, String beforeText,
			String dueSubject, String dueText, String afterSubject, String afterText, boolean receipt) {

		static Form of(PolicyResponse policy) {
			return new Form(policy.enabled(), policy.sendTime(),
					String.join(", ", policy.steps().stream().map(s -> Integer.toString(s.offsetDays())).toList()),
					policy.templates().before().subject(), policy.templates().before().text(),
					policy.templates().due().subject(), policy.templates().due().text(),
					policy.templates().after().subject(), policy.templates().after().text(), policy.receipt());
		}

		PolicyRequest request() {
			List<PolicyRequest.Step> parsed = new ArrayList<>();
			for (String part : this.steps.replace('\u2212', '-').split("[,;\\s]+")) {
				if (part.isBlank()) {
					continue;
				}
				try {
					parsed.add(new PolicyRequest.Step(Integer.parseInt(part.strip())));
				}
				catch (NumberFormatException ex) {
					throw InvalidRequest.of("steps", "must be whole numbers of days separated by commas");
				}
			}
			return new PolicyRequest(this.enabled, this.sendTime, parsed,
					new PolicyRequest.Templates(new PolicyRequest.Template(this.beforeSubject, this.beforeText),
							new PolicyRequest.Template(this.dueSubject, this.dueText),
							new PolicyRequest.Template(this.afterSubject, this.afterText)),
					this.receipt);
		}

	}

	/**
	 * The form as sent: the templates' fields are named as the API nests them
	 * ({@code templates.due.text}), so they bind into the API's records.
	 */
	record PolicyForm(@Nullable Boolean enabled, @BindParam("send_time") @Nullable String sendTime,
			@Nullable String steps, PolicyRequest.@Nullable Templates templates, @Nullable Boolean receipt) {

		/** The form as typed, to show again; a missing field is blank. */
		Form shown() {
			PolicyRequest.Templates all = this.templates == null ? new PolicyRequest.Templates(null, null, null)
					: this.templates;
			return new Form(Boolean.TRUE.equals(this.enabled), text(this.sendTime), text(this.steps),
					subject(all.before()), body(all.before()), subject(all.due()), body(all.due()),
					subject(all.after()), body(all.after()), Boolean.TRUE.equals(this.receipt));
		}

		private static String subject(PolicyRequest.@Nullable Template template) {
			return template == null ? "" : text(template.subject());
		}

		private static String body(PolicyRequest.@Nullable Template template) {
			return template == null ? "" : text(template.text());
		}

		private static String text(@Nullable String value) {
			return value == null ? "" : value;
		}

	}

	/** One step's message as the preview shows it. */
	record Preview(int offsetDays, String subject, String text) {
	}

	@GetMapping({ "/app/collection", "/app/collection/" })
	@Requires("finance.collection.view")
	String page(Model model) {
		Versioned<PolicyResponse> policy = this.policies.get();
		if (!model.containsAttribute("form")) {
			model.addAttribute("form", Form.of(policy.body()));
		}
		return show(model, policy);
	}

	@PostMapping({ "/app/collection", "/app/collection/" })
	@Requires("finance.collection.change")
	String save(PolicyForm typed, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		Form form = typed.shown();
		model.addAttribute("form", form);
		return FormErrors.submit(model, () -> this.policies.put(form.request(), ExpectedVersion.of(version)), saved -> {
			redirect.addFlashAttribute("saved", true);
			return "redirect:/app/collection/";
		}, () -> show(model, this.policies.get()));
	}

	@PostMapping("/app/collection/run")
	@Requires("finance.collection.change")
	String runNow(RedirectAttributes redirect) {
		try {
			CollectionRun.Result result = this.run.run(this.run.today());
			// Plain values: flash attributes live in the (JDBC) session between the two
			// requests.
			redirect.addFlashAttribute("ran",
					new ArrayList<Object>(List.of(
							result.date().format(java.time.format.DateTimeFormatter.ofPattern("dd/MM/yyyy")),
							result.decided(), result.sent(), result.failed(), result.skipped(), result.optedOut())));
		}
		catch (ApiProblem problem) {
			FormErrors.show(redirect, problem);
		}
		return "redirect:/app/collection/";
	}

	private String show(Model model, Versioned<PolicyResponse> policy) {
		model.addAttribute("policy", policy.body());
		model.addAttribute("version", policy.version());
		Policy current = this.policies.current().body();
		PageModel.Me me = PageModel.current();
		// A real charge only to who may see charges (one view permission per kind of
		// data).
		Long sample = me == null || !me.holds("finance.charges.view") ? null
				: this.repository.sampleCharge().orElse(null);
		CollectionTemplates.Values values;
		if (sample == null) {
			values = new CollectionTemplates.Values("Maria Exemplo", new BigDecimal("150.00"),
					this.run.today().plusDays(3), "Mensalidade de exemplo",
					this.sender.publicBaseUrl() + "/pagar/exemplo", null);
			model.addAttribute("sample", null);
		}
		else {
			ChargeResponse charge = this.charges.get(sample).body();
			values = this.sender.values(charge, charge.openAmount(), false);
			model.addAttribute("sample", charge);
		}
		Map<Integer, Preview> previews = new LinkedHashMap<>();
		for (int offset : current.steps()) {
			Rendered rendered = CollectionTemplates.render(current.templates().forOffset(offset), values,
					this.sender.publicBaseUrl() + CollectionSender.UNSUBSCRIBE_PATH + "…");
			previews.put(offset, new Preview(offset, rendered.subject(), rendered.text()));
		}
		model.addAttribute("previews", previews.values());
		return "collection";
	}

}
