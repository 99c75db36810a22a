package br.suite.finance.reconciliation;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.CollectionHistory;
import br.suite.finance.FinanceProblems;
import br.suite.finance.charge.ChargeRequest;
import br.suite.finance.charge.ChargeResponse;
import br.suite.finance.charge.ChargeService;
import br.suite.finance.charge.PixCharges;
import br.suite.shared.ApiProblem;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.Versioned;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Charges (cobranças): the list with the API's filters (status, kind, payer CPF/CNPJ, due
 * dates, text), a page at a time; create and edit with the service's errors at the
 * fields; cancel after a confirmation, showing the service's refusal when something is
 * already paid.
 */
@Controller
class ChargePages {

	static final String[] KINDS = { "pix", "boleto", "card", "transfer", "other" };

	static final String[] STATUSES = { "open", "partially_paid", "paid", "overpaid", "cancelled" };

	private final ChargeService charges;

	private final PixCharges pixCharges;

	private final ReconciliationViews reconciliation;

	private final CollectionHistory collection;

	ChargePages(ChargeService charges, PixCharges pixCharges, ReconciliationViews reconciliation,
			CollectionHistory collection) {
		this.charges = charges;
		this.pixCharges = pixCharges;
		this.reconciliation = reconciliation;
		this.collection = collection;
	}

	/** The list's filters as typed (the API's names); blank for any. */
	record ListFilter(String status, String kind, @BindParam("payer_document") String payerDocument,
			@BindParam("due_from") String dueFrom, @BindParam("due_to") String dueTo, String q) {

		ListFilter {
			status = status == null ? "" : status;
			kind = kind == null ? "" : kind;
			payerDocument = payerDocument == null ? "" : payerDocument;
			dueFrom = dueFrom == null ? "" : dueFrom;
			dueTo = dueTo == null ? "" : dueTo;
			q = q == null ? "" : q;
		}

		ChargeService.Filter filter() {
			return new ChargeService.Filter(FormInput.blank(this.status), FormInput.blank(this.kind),
					FormInput.day("due_from", this.dueFrom), FormInput.day("due_to", this.dueTo), null, null,
					FormInput.blank(this.payerDocument), FormInput.blank(this.q));
		}

	}

	/**
	 * The fields the page edits, as typed; the others (end-to-end id, fiscal document,
	 * payer e-mail) are kept as they are.
	 */
	record ChargeForm(String kind, String amount, @BindParam("due_date") String dueDate,
			@BindParam("payer_name") String payerName, @BindParam("payer_document") String payerDocument,
			String description, String provider, @BindParam("external_id") String externalId, String txid,
			@BindParam("nosso_numero") String nossoNumero) {

		ChargeForm {
			kind = kind == null ? "" : kind;
			amount = amount == null ? "" : amount;
			dueDate = dueDate == null ? "" : dueDate;
			payerName = payerName == null ? "" : payerName;
			payerDocument = payerDocument == null ? "" : payerDocument;
			description = description == null ? "" : description;
			provider = provider == null ? "" : provider;
			externalId = externalId == null ? "" : externalId;
			txid = txid == null ? "" : txid;
			nossoNumero = nossoNumero == null ? "" : nossoNumero;
		}

		static final ChargeForm NEW = new ChargeForm("pix", "", "", "", "", "", "", "", "", "");

		static ChargeForm of(ChargeResponse c) {
			return new ChargeForm(c.kind(), FormInput.amountText(c.amount()), FormInput.dayText(c.dueDate()),
					c.payerName(), c.payerDocument(), c.description(), c.provider(), c.externalId(), c.txid(),
					c.nossoNumero());
		}

		/**
		 * The form laid over a charge's other fields (none for a new one): every field of
		 * the form replaces the charge's (an empty due date clears it). The amount and
		 * the date are read at once, so a mistyped one is refused (400) before anything
		 * else.
		 */
		Function<@Nullable ChargeRequest, ChargeRequest> edit() {
			BigDecimal amount = FormInput.money("amount", this.amount);
			LocalDate dueDate = FormInput.day("due_date", this.dueDate);
			return kept -> new ChargeRequest(this.kind, this.provider, this.externalId, this.txid, this.nossoNumero,
					kept == null ? null : kept.endToEndId(), this.payerName, this.payerDocument, amount, dueDate,
					this.description, kept == null ? null : kept.fiscalDocumentId(),
					kept == null ? null : kept.payerEmail());
		}

	}

	@GetMapping({ "/app/charges", "/app/charges/" })
	@Requires("finance.charges.view")
	String list(ListFilter filter, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("status", filter.status());
		model.addAttribute("kind", filter.kind());
		model.addAttribute("payerDocument", filter.payerDocument());
		model.addAttribute("dueFrom", filter.dueFrom());
		model.addAttribute("dueTo", filter.dueTo());
		model.addAttribute("q", filter.q());
		model.addAttribute("kinds", KINDS);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("charges", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		return FormErrors.submit(model,
				() -> this.charges.list(filter.filter(), new Paging(Pager.SIZE, Pager.offset(pagina))), page -> {
					model.addAttribute("charges", page.items());
					model.addAttribute("pager", Pager.of(pagina, page.total()));
					return "charges";
				}, () -> "charges");
	}

	@GetMapping({ "/app/charges/{id}", "/app/charges/{id}/" })
	@Requires("finance.charges.view")
	String charge(@PathVariable long id, Model model) {
		Versioned<ChargeResponse> charge = this.charges.get(id);
		model.addAttribute("charge", charge.body());
		model.addAttribute("version", charge.version());
		if (charge.body().kind().equals("pix")) {
			model.addAttribute("pixCode", this.pixCharges.brCodeIfAny(id));
		}
		PageModel.Me me = PageModel.current();
		if (me != null && me.holds("finance.reconciliation.view")) {
			model.addAttribute("payments", this.reconciliation.paymentsOf(id));
		}
		if (me != null && me.holds("finance.collection.view")) {
			model.addAttribute("collectionMessages", this.collection.forCharge(id, 20));
		}
		return "charge";
	}

	@GetMapping("/app/charges/new")
	@Requires("finance.charges.change")
	String newCharge(Model model) {
		return form(model, null, ChargeForm.NEW, 0);
	}

	@PostMapping("/app/charges/new")
	@Requires("finance.charges.change")
	String create(ChargeForm form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.charges.create(form.edit().apply(null)), created -> {
			redirect.addFlashAttribute("saved", "created");
			return "redirect:/app/charges/" + created.body().id() + "/";
		}, () -> form(model, null, form, 0));
	}

	@GetMapping("/app/charges/{id}/edit")
	@Requires("finance.charges.change")
	String edit(@PathVariable long id, Model model) {
		Versioned<ChargeResponse> charge = this.charges.get(id);
		return form(model, charge.body(), ChargeForm.of(charge.body()), charge.version());
	}

	/**
	 * Every field as the form shows it, at the version the form was read (a charge
	 * changed in between is refused, 412, instead of overwritten).
	 */
	@PostMapping("/app/charges/{id}/edit")
	@Requires("finance.charges.change")
	String update(@PathVariable long id, ChargeForm form, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.charges.update(id, form.edit()::apply, ExpectedVersion.of(version)),
				updated -> {
					redirect.addFlashAttribute("saved", "updated");
					return "redirect:/app/charges/" + id + "/";
				}, () -> form(model, this.charges.get(id).body(), form, version));
	}

	/**
	 * Cancels after the page's confirmation; the service refuses a charge with payments
	 * (shown above). A charge active at a Pix provider is removed there first.
	 */
	@PostMapping("/app/charges/{id}/cancel")
	@Requires("finance.charges.change")
	String cancel(@PathVariable long id, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		try {
			this.pixCharges.cancel(id, ExpectedVersion.of(version), false);
			redirect.addFlashAttribute("saved", "cancelled");
			return "redirect:/app/charges/" + id + "/";
		}
		catch (FinanceProblems.ProviderFailed failed) {
			// The provider did not remove its charge: nothing changed (shown in
			// Portuguese).
			model.addAttribute("pixOutcome", "cancelFailed");
			return charge(id, model);
		}
		catch (ApiProblem problem) {
			model.addAttribute("problem", FormErrors.describe(problem));
			return charge(id, model);
		}
	}

	private static String form(Model model, @Nullable ChargeResponse charge, ChargeForm form, long version) {
		model.addAttribute("charge", charge);
		model.addAttribute("kinds", KINDS);
		model.addAttribute("form", form);
		model.addAttribute("version", version);
		return "charge-form";
	}

}
