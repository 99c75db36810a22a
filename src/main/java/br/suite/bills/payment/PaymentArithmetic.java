package br.suite.bills.payment;

import java.math.BigDecimal;

/** What a payment settles of an installment: pure, one place. */
final class PaymentArithmetic {

	private PaymentArithmetic() {
	}

	/**
	 * The cash paid plus the discount obtained, less the interest and the fine (which are
	 * expenses of their own): what comes off the installment's open amount.
	 */
	static BigDecimal settled(BigDecimal amount, BigDecimal interest, BigDecimal fine, BigDecimal discount) {
		return amount.add(discount).subtract(interest).subtract(fine);
	}

}
