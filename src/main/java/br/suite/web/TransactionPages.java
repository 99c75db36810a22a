package br.suite.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.finance.TransactionDesk;
import br.suite.shared.ApiProblem;

/** Bank transactions with the API's filters (period, direction, account, text), a page at a time. */
@Controller
class TransactionPages {

	/** dd/MM/yyyy, strictly (no 31/02). */
	static final java.time.format.DateTimeFormatter DAY = java.time.format.DateTimeFormatter.ofPattern("dd/MM/uuuu")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private final TransactionDesk transactions;

	TransactionPages(TransactionDesk transactions) {
		this.transactions = transactions;
	}

	@GetMapping({ "/app/transactions", "/app/transactions/" })
	String list(@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(defaultValue = "") String direction, @RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "account_id", defaultValue = "") String accountId,
			@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("direction", direction);
		model.addAttribute("provider", provider);
		model.addAttribute("accountId", accountId);
		model.addAttribute("q", q);
		model.addAttribute("transactions", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		try {
			TransactionDesk.TransactionPage page = this.transactions.list(date("date_from", dateFrom),
					date("date_to", dateTo), blank(direction), blank(provider), blank(accountId), blank(q),
					Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("transactions", page.transactions());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "transactions";
	}

	private static @Nullable String blank(String value) {
		return value.isBlank() ? null : value.strip();
	}

	private static @Nullable LocalDate date(String field, String value) {
		if (value.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(value.strip(), DAY);
		}
		catch (DateTimeParseException ex) {
			throw br.suite.shared.InvalidRequest.of(field, "Informe a data como dd/mm/aaaa.");
		}
	}

}
