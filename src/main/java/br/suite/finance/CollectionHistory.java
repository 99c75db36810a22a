package br.suite.finance;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The collection e-mails (régua de cobrança) sent or decided for a payer, for another
 * module's page (bills shows them on the cliente's page); the caller checks
 * {@code finance.collection.view}.
 */
public interface CollectionHistory {

	/** A message as a page shows it; {@code to} masked. */
	record Entry(long id, long chargeId, String kind, @Nullable Integer offsetDays, String to, String subject,
			String status, String reason, int attempts, Instant decidedAt, @Nullable Instant sentAt) {
	}

	/**
	 * The latest messages (newest first, at most {@code limit}) of the charges whose
	 * payer is this canonical CPF/CNPJ or that were written to this e-mail.
	 */
	List<Entry> forPayer(String document, String email, int limit);

	/** The latest messages of a charge, newest first. */
	List<Entry> forCharge(long chargeId, int limit);

}
