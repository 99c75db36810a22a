package br.suite.finance;

import java.math.BigDecimal;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Published inside the transaction that allocated money: by hand, by an accepted
 * suggestion, or by the automatic matching (one event for each pass of it, so a 50
 * 000-row reconciliation is not 50 000 events).
 */
public record AllocationsCreated(List<Allocation> allocations) {

	/**
	 * One allocation: part of a credit transaction tied to a charge or a fiscal document.
	 */
	public record Allocation(long id, long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId,
			BigDecimal amount, String rule) {
	}

}
