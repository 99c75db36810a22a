package br.suite.bills.account;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

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

	/** The account form as typed (the API's names); blank when not given. */
	record AccountForm(String name, String provider, @BindParam("account_id") String accountId,
			@BindParam("opening_balance") String openingBalance, @BindParam("opening_date") String openingDate) {

		AccountForm {
			name = name == null ? "" : name;
			provider = provider == null ? "" : provider;
			accountId = accountId == null ? "" : accountId;
			openingBalance = openingBalance == null ? "" : openingBalance;
			openingDate = openingDate == null ? "" : openingDate;
		}

		/**
		 * The form as a link fills it in: an amount and a date written as the API writes
		 * them are shown as the form writes them (150,00 and dd/mm/aaaa); a name in the
		 * link is not taken, the person names the account.
		 */
		AccountForm shown() {
			String balance = this.openingBalance.matches("-?\\d{1,12}(\\.\\d{1,2})?")
					? this.openingBalance.replace('.', ',') : this.openingBalance;
			String date = this.openingDate;
			try {
				date = FormInput.dayText(LocalDate.parse(this.openingDate.strip()));
			}
			catch (DateTimeParseException ex) {
				// Kept as typed.
			}
			return new AccountForm("", this.provider, this.accountId, balance, date);
		}

		/** The API's request; the amount and the date are read at once (400). */
		AccountRequest request() {
			return new AccountRequest(this.name, this.provider, this.accountId,
					FormInput.money("opening_balance", this.openingBalance),
					FormInput.day("opening_date", this.openingDate));
		}

	}

	/**
	 * The form; {@code opening_date} may come as an ISO date (a link from an import's
	 * result) or as the form writes it.
	 */
	@GetMapping("/app/bank-accounts/new")
	@Requires("finance.accounts.change")
	String form(AccountForm link, Model model) {
		return form(model, link.shown());
	}

	@PostMapping("/app/bank-accounts/new")
	@Requires("finance.accounts.change")
	String create(AccountForm form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.accounts.create(form.request()).body(), created -> {
			redirect.addFlashAttribute("created", created.name());
			return "redirect:/app/bank-accounts/";
		}, () -> form(model, form));
	}

	private String form(Model model, AccountForm form) {
		model.addAttribute("name", form.name());
		model.addAttribute("provider", form.provider());
		model.addAttribute("accountId", form.accountId());
		model.addAttribute("openingBalance", form.openingBalance());
		model.addAttribute("openingDate", form.openingDate());
		Optional<AccountResponse> existing = form.provider().isBlank() ? Optional.empty() : this.accounts
			.list(new Paging(null, null))
			.items()
			.stream()
			.filter(a -> a.provider().equals(form.provider().strip()) && a.accountId().equals(form.accountId().strip()))
			.findFirst();
		model.addAttribute("existing", existing.orElse(null));
		return "bank-account-form";
	}

}
