package br.suite.finance.reconciliation;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.transaction.TransactionResponse;
import br.suite.finance.transaction.TransactionService;
import br.suite.shared.ApiProblem;
import br.suite.shared.lists.Paging;
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

	private final TransactionService transactions;

	private final SuggestionService suggestions;

	private final ReconciliationViews reconciliation;

	private final MessageSource messages;

	TransactionPages(TransactionService transactions, SuggestionService suggestions, ReconciliationViews reconciliation,
			MessageSource messages) {
		this.messages = messages;
		this.transactions = transactions;
		this.suggestions = suggestions;
		this.reconciliation = reconciliation;
	}

	/** The list's filters as typed (the API's names); blank for any. */
	record ListFilter(@BindParam("date_from") String dateFrom, @BindParam("date_to") String dateTo, String direction,
			String provider, @BindParam("account_id") String accountId, String q) {

		ListFilter {
			dateFrom = dateFrom == null ? "" : dateFrom;
			dateTo = dateTo == null ? "" : dateTo;
			direction = direction == null ? "" : direction;
			provider = provider == null ? "" : provider;
			accountId = accountId == null ? "" : accountId;
			q = q == null ? "" : q;
		}

		/** The API's filter; the dates are read at once (400). */
		TransactionService.Filter filter(boolean unreconciled) {
			return new TransactionService.Filter(FormInput.day("date_from", this.dateFrom),
					FormInput.day("date_to", this.dateTo), null, FormInput.blank(this.direction),
					FormInput.blank(this.provider), FormInput.blank(this.accountId), null, FormInput.blank(this.q),
					null, null, unreconciled, null, null);
		}

	}

	@GetMapping({ "/app/transactions", "/app/transactions/" })
	@Requires("finance.transactions.view")
	String list(ListFilter filter, @RequestParam(defaultValue = "false") boolean unreconciled,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("dateFrom", filter.dateFrom());
		model.addAttribute("dateTo", filter.dateTo());
		model.addAttribute("direction", filter.direction());
		model.addAttribute("provider", filter.provider());
		model.addAttribute("accountId", filter.accountId());
		model.addAttribute("q", filter.q());
		model.addAttribute("unreconciled", unreconciled);
		model.addAttribute("transactions", List.of());
		model.addAttribute("openCredits", Set.of());
		model.addAttribute("pager", Pager.of(1, 0));
		return FormErrors.submit(model,
				() -> this.transactions.list(filter.filter(unreconciled), new Paging(Pager.SIZE, Pager.offset(pagina))),
				page -> {
					model.addAttribute("transactions", page.items());
					model.addAttribute("openCredits",
							page.items()
								.stream()
								.filter(TransactionPages::openCredit)
								.map(TransactionResponse::id)
								.collect(Collectors.toSet()));
					model.addAttribute("pager", Pager.of(pagina, page.total()));
					return "transactions";
				}, () -> "transactions");
	}

	@GetMapping({ "/app/transactions/{id}", "/app/transactions/{id}/" })
	@Requires("finance.transactions.view")
	String transaction(@PathVariable long id, Model model) {
		TransactionResponse transaction = this.transactions.get(id).body();
		model.addAttribute("transaction", transaction);
		model.addAttribute("openCredit", openCredit(transaction));
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
		if ((chargeId == null) == (fiscalDocumentId == null)) {
			model.addAttribute("problem",
					this.messages.getMessage("transaction.acceptRefused", null, LocaleContextHolder.getLocale()));
			return transaction(id, model);
		}
		try {
			this.suggestions.acceptOne(id, new SuggestionService.Target(chargeId, fiscalDocumentId),
					PageModel.caller().id());
			redirect.addFlashAttribute("accepted", true);
			return "redirect:/app/transactions/" + id + "/";
		}
		catch (ApiProblem problem) {
			// No longer a suggestion, or the money is no longer open: nothing was
			// allocated.
			model.addAttribute("problem",
					this.messages.getMessage("transaction.acceptRefused", null, LocaleContextHolder.getLocale()));
			return transaction(id, model);
		}
	}

	/**
	 * A settled or pending credit with money not yet allocated: what reconciliation works
	 * on.
	 */
	static boolean openCredit(TransactionResponse t) {
		return t.direction().equals("credit") && (t.status().equals("settled") || t.status().equals("pending"))
				&& t.unallocatedAmount().signum() > 0;
	}

	/** Credits still to reconcile. */
	@Bean
	static DashboardTile creditsToReconcileTile(TransactionService transactions) {
		return DashboardTile.of("finance.transactions.view",
				() -> new DashboardTile.Count(40, "contagem-conciliar", transactions.countOpenCredits(),
						"dashboard.creditsToReconcile", "/app/transactions/?unreconciled=true"));
	}

}
