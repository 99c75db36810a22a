package br.suite.finance.reconciliation;

import java.math.BigDecimal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.CollectionHistory;
import br.suite.finance.FinanceProblems;
import br.suite.finance.charge.ChargeDesk;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
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

	private final ChargeDesk charges;

	private final ReconciliationViews reconciliation;

	private final CollectionHistory collection;

	ChargePages(ChargeDesk charges, ReconciliationViews reconciliation, CollectionHistory collection) {
		this.charges = charges;
		this.reconciliation = reconciliation;
		this.collection = collection;
	}

	@GetMapping({ "/app/charges", "/app/charges/" })
	@Requires("finance.charges.view")
	String list(@RequestParam(defaultValue = "") String status, @RequestParam(defaultValue = "") String kind,
			@RequestParam(name = "payer_document", defaultValue = "") String payerDocument,
			@RequestParam(name = "due_from", defaultValue = "") String dueFrom,
			@RequestParam(name = "due_to", defaultValue = "") String dueTo, @RequestParam(defaultValue = "") String q,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("status", status);
		model.addAttribute("kind", kind);
		model.addAttribute("payerDocument", payerDocument);
		model.addAttribute("dueFrom", dueFrom);
		model.addAttribute("dueTo", dueTo);
		model.addAttribute("q", q);
		model.addAttribute("kinds", KINDS);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("charges", java.util.List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		try {
			ChargeDesk.ChargePage page = this.charges.list(FormInput.blank(status), FormInput.blank(kind),
					FormInput.day("due_from", dueFrom), FormInput.day("due_to", dueTo), FormInput.blank(payerDocument),
					FormInput.blank(q), Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("charges", page.charges());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "charges";
	}

	@GetMapping({ "/app/charges/{id}", "/app/charges/{id}/" })
	@Requires("finance.charges.view")
	String charge(@PathVariable long id, Model model) {
		ChargeDesk.ChargeView charge = this.charges.get(id);
		model.addAttribute("charge", charge);
		if (charge.kind().equals("pix")) {
			model.addAttribute("pixCode", this.charges.pixCode(id));
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
		return form(model, null, "pix", "", "", "", "", "", "", "", "", "", 0);
	}

	@PostMapping("/app/charges/new")
	@Requires("finance.charges.change")
	String create(@RequestParam(defaultValue = "") String kind, @RequestParam(defaultValue = "") String amount,
			@RequestParam(name = "due_date", defaultValue = "") String dueDate,
			@RequestParam(name = "payer_name", defaultValue = "") String payerName,
			@RequestParam(name = "payer_document", defaultValue = "") String payerDocument,
			@RequestParam(defaultValue = "") String description, @RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "external_id", defaultValue = "") String externalId,
			@RequestParam(defaultValue = "") String txid,
			@RequestParam(name = "nosso_numero", defaultValue = "") String nossoNumero, Model model,
			RedirectAttributes redirect) {
		try {
			ChargeDesk.ChargeView created = this.charges.create(
					new ChargeDesk.ChargeForm(kind, provider, externalId, txid, nossoNumero, payerName, payerDocument,
							FormInput.money("amount", amount), FormInput.day("due_date", dueDate), description));
			redirect.addFlashAttribute("saved", "created");
			return "redirect:/app/charges/" + created.id() + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, null, kind, amount, dueDate, payerName, payerDocument, description, provider, externalId,
					txid, nossoNumero, 0);
		}
	}

	@GetMapping("/app/charges/{id}/edit")
	@Requires("finance.charges.change")
	String edit(@PathVariable long id, Model model) {
		ChargeDesk.ChargeView c = this.charges.get(id);
		return form(model, c, c.kind(), FormInput.amountText(c.amount()),
				c.dueDate() == null ? "" : FormInput.DAY.format(c.dueDate()), c.payerName(), c.payerDocument(),
				c.description(), c.provider(), c.externalId(), c.txid(), c.nossoNumero(), c.version());
	}

	@PostMapping("/app/charges/{id}/edit")
	@Requires("finance.charges.change")
	String update(@PathVariable long id, @RequestParam(defaultValue = "") String kind,
			@RequestParam(defaultValue = "") String amount,
			@RequestParam(name = "due_date", defaultValue = "") String dueDate,
			@RequestParam(name = "payer_name", defaultValue = "") String payerName,
			@RequestParam(name = "payer_document", defaultValue = "") String payerDocument,
			@RequestParam(defaultValue = "") String description, @RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "external_id", defaultValue = "") String externalId,
			@RequestParam(defaultValue = "") String txid,
			@RequestParam(name = "nosso_numero", defaultValue = "") String nossoNumero,
			@RequestParam(defaultValue = "0") long version, Model model, RedirectAttributes redirect) {
		try {
			this.charges.update(id,
					new ChargeDesk.ChargeForm(kind, provider, externalId, txid, nossoNumero, payerName, payerDocument,
							FormInput.money("amount", amount), FormInput.day("due_date", dueDate), description),
					version);
			redirect.addFlashAttribute("saved", "updated");
			return "redirect:/app/charges/" + id + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, this.charges.get(id), kind, amount, dueDate, payerName, payerDocument, description,
					provider, externalId, txid, nossoNumero, version);
		}
	}

	/**
	 * Cancels after the page's confirmation; the service refuses a charge with payments
	 * (shown above).
	 */
	@PostMapping("/app/charges/{id}/cancel")
	@Requires("finance.charges.change")
	String cancel(@PathVariable long id, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		try {
			this.charges.cancel(id, version);
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

	private static String form(Model model, ChargeDesk.@Nullable ChargeView charge, String kind, String amount,
			String dueDate, String payerName, String payerDocument, String description, String provider,
			String externalId, String txid, String nossoNumero, long version) {
		model.addAttribute("charge", charge);
		model.addAttribute("kinds", KINDS);
		model.addAttribute("kind", kind);
		model.addAttribute("amount", amount);
		model.addAttribute("dueDate", dueDate);
		model.addAttribute("payerName", payerName);
		model.addAttribute("payerDocument", payerDocument);
		model.addAttribute("description", description);
		model.addAttribute("provider", provider);
		model.addAttribute("externalId", externalId);
		model.addAttribute("txid", txid);
		model.addAttribute("nossoNumero", nossoNumero);
		model.addAttribute("version", version);
		return "charge-form";
	}

}
