package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The payments of a bill's installments, for the bill's page: implemented by the payment
 * slice, which owns them (the bill slice does not depend on it).
 */
public interface InstallmentPayments {

	/** The bill's payments, by installment number, date and id. */
	List<Paid> of(long billId);

	/** One payment as the bill's page shows it. */
	record Paid(long id, int number, LocalDate paidOn, BigDecimal amount, BigDecimal interest, BigDecimal fine,
			BigDecimal discount, BigDecimal settled, @Nullable Long transactionId) {
	}

}
