package br.suite.finance;

import java.math.BigDecimal;
import java.util.List;

/**
 * Published inside the transaction in which charges became fully paid (status
 * {@code paid}), whatever paid them: an allocation by hand, an accepted suggestion or the
 * automatic matching.
 */
public record ChargesPaid(List<PaidCharge> charges) {

	public record PaidCharge(long chargeId, BigDecimal amount, BigDecimal paidAmount) {
	}

}
