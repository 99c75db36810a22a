package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;

/**
 * The port through which bills back each receivable installment with a charge, so
 * everything that pays charges (Pix sync and webhooks, CNAB returns, imports, the
 * automatic reconciliation, allocations) pays the installment; {@link Settled} tells
 * bills what its charges now have paid. Runs in the caller's database transaction.
 */
public interface BillCharges {

	/** What a charge has paid, after a change of its allocations. */
	record Settlement(long chargeId, BigDecimal paidAmount, @Nullable LocalDate paidOn) {
	}

	/**
	 * Implemented by bills: called in the transaction that changed the charges' paid
	 * amounts (allocations made or removed, by hand, by imports or by the
	 * reconciliation).
	 */
	interface Settled {

		void settled(List<Settlement> settlements);

	}

	/** Whether {@code kind} is a charge kind (pix, boleto, card, transfer, other). */
	static boolean isKind(String kind) {
		for (ChargeKind constant : ChargeKind.values()) {
			if (ClosedSet.wire(constant).equals(kind)) {
				return true;
			}
		}
		return false;
	}

	static String kinds() {
		return ClosedSet.allowed(ChargeKind.class);
	}

	/**
	 * Creates the charge of an installment and answers its id (audited as any charge), in
	 * the caller's transaction.
	 */
	long open(String kind, String payerName, String payerDocument, BigDecimal amount, LocalDate dueDate,
			String description);

	/**
	 * A new amount and due date of an installment's charge (409 below what it has paid),
	 * in the caller's transaction.
	 */
	void change(long chargeId, BigDecimal amount, LocalDate dueDate);

	/**
	 * A new payer of an installment's charge, when the bill's cliente changes (a charge
	 * already cancelled is left as it is), in the caller's transaction.
	 */
	void payer(long chargeId, String payerName, String payerDocument);

	/**
	 * Cancels the charge of a cancelled bill's installment (409 while something is
	 * allocated), in the caller's transaction.
	 */
	void cancel(long chargeId);

}
