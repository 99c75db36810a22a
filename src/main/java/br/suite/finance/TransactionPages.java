package br.suite.finance;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Bank transactions with the API's filters (period, direction, account, text) and the
 * credits still to reconcile, a page at a time; one transaction with its allocations and
 * reconciliation suggestions, each accepted with a button (after a confirmation).
 */
@Controller
class TransactionPages {

	private final TransactionDesk transactions;

	private final ReconciliationDesk reconciliation;

	TransactionPages(TransactionDesk transactions, ReconciliationDesk reconciliation) {
		this.transactions = transactions;
		this.reconciliation = reconciliation;
	}

	@GetMapping({ "/app/transactions", "/app/transactions/" })
	@Requires("finance.transactions.view")
	String list(@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(defaultValue = "") String direction, @RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "account_id", defaultValue = "") String accountId,
			@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "false") boolean unreconciled,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("direction", direction);
		model.addAttribute("provider", provider);
		model.addAttribute("accountId", accountId);
		model.addAttribute("q", q);
		model.addAttribute("unreconciled", unreconciled);
		model.addAttribute("transactions", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		try {
			TransactionDesk.TransactionPage page = this.transactions.list(FormInput.day("date_from", dateFrom),
					FormInput.day("date_to", dateTo), FormInput.blank(direction), FormInput.blank(provider),
					FormInput.blank(accountId), FormInput.blank(q), unreconciled, Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("transactions", page.transactions());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "transactions";
	}

	@GetMapping({ "/app/transactions/{id}", "/app/transactions/{id}/" })
	@Requires("finance.transactions.view")
	String transaction(@PathVariable long id, Model model) {
		model.addAttribute("transaction", this.transactions.get(id));
		PageModel.Me me = PageModel.current();
		if (me != null && me.holds("finance.reconciliation.view")) {
			model.addAttribute("allocations", this.reconciliation.allocationsOf(id));
			model.addAttribute("suggestions", this.reconciliation.suggestionsFor(id));
		}
		return "transaction";
	}

	/**
	 * Accepts one suggestion (the page asked for confirmation first); a refusal is shown
	 * above the list.
	 */
	@PostMapping("/app/transactions/{id}/accept")
	@Requires("finance.reconciliation.change")
	String accept(@PathVariable long id, @RequestParam(name = "charge_id", required = false) @Nullable Long chargeId,
			@RequestParam(name = "fiscal_document_id", required = false) @Nullable Long fiscalDocumentId, Model model,
			RedirectAttributes redirect) {
		try {
			this.reconciliation.accept(id, chargeId, fiscalDocumentId, PageModel.caller().id());
			redirect.addFlashAttribute("accepted", true);
			return "redirect:/app/transactions/" + id + "/";
		}
		catch (ApiProblem problem) {
			model.addAttribute("problem", problem.getMessage());
			return transaction(id, model);
		}
	}

	/** Credits still to reconcile. */
	@Component
	static class Tile implements DashboardTile {

		private final TransactionDesk transactions;

		Tile(TransactionDesk transactions) {
			this.transactions = transactions;
		}

		@Override
		public String permission() {
			return "finance.transactions.view";
		}

		@Override
		public Count count() {
			return new Count(40, "contagem-conciliar", this.transactions.countOpenCredits(),
					"dashboard.creditsToReconcile", "/app/transactions/?unreconciled=true");
		}

	}

}
