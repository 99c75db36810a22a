package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * The port through which the reconciliation suggestions propose open payable installments
 * for settled debits with money unallocated: implemented by bills, which knows the
 * installments and their suppliers, so finance does not depend on it. Accepting such a
 * suggestion is a bill payment with the debit's {@code transaction_id}.
 */
public interface PayableInstallments {

	/** A settled debit with {@code open} unallocated. */
	record Debit(long transactionId, BigDecimal open, LocalDate date, String payerDocument, String description) {
	}

	/** Where the supplier's CPF/CNPJ was found on the debit. */
	enum Match {

		/** The debit's payer_document is the supplier's document. */
		PAYER_DOCUMENT,

		/** The debit's description holds the supplier's document (punctuation aside). */
		DESCRIPTION

	}

	/**
	 * An open installment of a payable (not cancelled) whose open amount equals the
	 * debit's unallocated amount, due within the window around the debit's date, whose
	 * supplier's document the debit names; with the supplier's name and the bill's
	 * description, for the pages.
	 */
	record Candidate(long transactionId, long billId, int installmentNumber, BigDecimal amount, LocalDate dueDate,
			Match match, String supplierName, String description) {
	}

	/**
	 * The candidates of the debits: installments due from {@code windowAfterDays} before
	 * to {@code windowBeforeDays} after each debit's date (the debit paid at most
	 * {@code windowBeforeDays} before, or {@code windowAfterDays} after, the due date).
	 */
	List<Candidate> candidates(List<Debit> debits, int windowBeforeDays, int windowAfterDays);

}
