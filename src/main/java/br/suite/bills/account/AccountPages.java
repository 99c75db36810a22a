package br.suite.bills.account;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;

/**
 * The company's bank accounts in the pages: the list, and the form for a new one, which
 * an import's result opens with the statement's provider, account and the opening balance
 * it offers already filled in (the person gives it a name and saves).
 */
@Controller
class AccountPages {

	private final AccountService accounts;

	AccountPages(AccountService accounts) {
		this.accounts = accounts;
	}

	@GetMapping({ "/app/bank-accounts", "/app/bank-accounts/" })
	@Requires("finance.accounts.view")
	String list(Model model) {
		model.addAttribute("accounts", this.accounts.list(new Paging(null, null)).items());
		return "bank-accounts";
	}

	/**
	 * The form; {@code opening_date} may come as an ISO date (a link from an import's
	 * result) or as the form writes it.
	 */
	@GetMapping("/app/bank-accounts/new")
	@Requires("finance.accounts.change")
	String form(@RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "account_id", defaultValue = "") String accountId,
			@RequestParam(name = "opening_balance", defaultValue = "") String openingBalance,
			@RequestParam(name = "opening_date", defaultValue = "") String openingDate, Model model) {
		String balance = openingBalance.matches("-?\\d{1,12}(\\.\\d{1,2})?") ? openingBalance.replace('.', ',')
				: openingBalance;
		String date = openingDate;
		try {
			date = FormInput.dayText(LocalDate.parse(openingDate.strip()));
		}
		catch (DateTimeParseException ex) {
			// Kept as typed.
		}
		return form(model, "", provider, accountId, balance, date);
	}

	@PostMapping("/app/bank-accounts/new")
	@Requires("finance.accounts.change")
	String create(@RequestParam(defaultValue = "") String name, @RequestParam(defaultValue = "") String provider,
			@RequestParam(name = "account_id", defaultValue = "") String accountId,
			@RequestParam(name = "opening_balance", defaultValue = "") String openingBalance,
			@RequestParam(name = "opening_date", defaultValue = "") String openingDate, Model model,
			RedirectAttributes redirect) {
		try {
			AccountResponse created = this.accounts
				.create(new AccountRequest(name, provider, accountId,
						FormInput.money("opening_balance", openingBalance), FormInput.day("opening_date", openingDate)))
				.body();
			redirect.addFlashAttribute("created", created.name());
			return "redirect:/app/bank-accounts/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, name, provider, accountId, openingBalance, openingDate);
		}
	}

	private String form(Model model, String name, String provider, String accountId, String openingBalance,
			String openingDate) {
		model.addAttribute("name", name);
		model.addAttribute("provider", provider);
		model.addAttribute("accountId", accountId);
		model.addAttribute("openingBalance", openingBalance);
		model.addAttribute("openingDate", openingDate);
		Optional<AccountResponse> existing = provider.isBlank() ? Optional.empty()
				: this.accounts.list(new Paging(null, null))
					.items()
					.stream()
					.filter(a -> a.provider().equals(provider.strip()) && a.accountId().equals(accountId.strip()))
					.findFirst();
		model.addAttribute("existing", existing.orElse(null));
		return "bank-account-form";
	}

}
