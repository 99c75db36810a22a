package br.suite.bills.payment;

import java.time.LocalDate;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.bills.bill.BillLedger;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;

/**
 * The baixa of a payable installment: the date, the money that left, interest (juros),
 * fine (multa), discount and optionally the bank debit that paid it, checked by the API's
 * own service. A receivable installment is paid by its charge: its page sends there.
 */
@Controller
class BillPaymentPages {

	private static final String PATH = "/app/bills/{id}/installments/{number}/pay";

	private final PaymentService payments;

	private final BillLedger ledger;

	BillPaymentPages(PaymentService payments, BillLedger ledger) {
		this.payments = payments;
		this.ledger = ledger;
	}

	/** The form as typed; each input's id is the API's field name. */
	record PaymentForm(String paidOn, String amount, String interest, String fine, String discount,
			String transaction) {

		PaymentForm {
			paidOn = text(paidOn);
			amount = text(amount);
			interest = text(interest);
			fine = text(fine);
			discount = text(discount);
			transaction = text(transaction);
		}

		PaymentRequest request() {
			Long transactionId = null;
			if (!this.transaction.isEmpty()) {
				if (!this.transaction.matches("\\d{1,18}")) {
					throw InvalidRequest.of("transaction_id", "must be a transaction's number");
				}
				transactionId = Long.parseLong(this.transaction);
			}
			return new PaymentRequest(FormInput.day("paid_on", this.paidOn), FormInput.money("amount", this.amount),
					FormInput.money("interest", this.interest), FormInput.money("fine", this.fine),
					FormInput.money("discount", this.discount), transactionId);
		}

		private static String text(@Nullable String value) {
			return value == null ? "" : value.strip();
		}

	}

	/**
	 * The form for the open amount paid today; from a reconciliation suggestion (the
	 * transaction page's "Dar baixa"), {@code transacao} and {@code data} fill in the
	 * debit and its date (the API still checks the debit when the form is sent).
	 */
	@GetMapping(PATH)
	@Requires("finance.bills.change")
	String form(@PathVariable long id, @PathVariable long number,
			@RequestParam(name = "transacao", required = false) @Nullable String transaction,
			@RequestParam(name = "data", required = false) @Nullable String date, Model model) {
		BillLedger.Installment installment = this.ledger.installment(id, number);
		if (!installment.payable()) {
			return installment.chargeId() == null ? "redirect:/app/bills/" + id + "/"
					: "redirect:/app/charges/" + installment.chargeId() + "/";
		}
		LocalDate paidOn = LocalDate.now(DateTimes.BRAZIL);
		if (date != null) {
			try {
				paidOn = LocalDate.parse(date);
			}
			catch (java.time.format.DateTimeParseException notADate) {
				// Today, as when the form is opened from the bill.
			}
		}
		return form(model, installment,
				new PaymentForm(FormInput.dayText(paidOn), FormInput.amountText(installment.openAmount()), "", "", "",
						transaction == null || !transaction.matches("\\d{1,18}") ? "" : transaction));
	}

	@PostMapping(PATH)
	@Requires("finance.bills.change")
	String pay(@PathVariable long id, @PathVariable long number, PaymentForm form, Model model,
			RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.payments.create(id, number, form.request(), CurrentUser.get().id()),
				paid -> {
					redirect.addFlashAttribute("paidNumber", paid.installmentNumber());
					return "redirect:/app/bills/" + id + "/";
				}, () -> form(model, this.ledger.installment(id, number), form));
	}

	private static String form(Model model, BillLedger.Installment installment, PaymentForm form) {
		model.addAttribute("installment", installment);
		model.addAttribute("form", form);
		return "bill-payment";
	}

}
