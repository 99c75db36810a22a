package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The port through which bills back each receivable installment with a charge, so
 * everything that pays charges (Pix sync and webhooks, CNAB returns, imports, the
 * automatic reconciliation, allocations) pays the installment; {@link Settled} tells
 * bills what its charges now have paid. Runs in the caller's database transaction.
 */
@Service
public class BillCharges {

	private final ChargeService charges;

	private final JsonMapper json;

	BillCharges(ChargeService charges, JsonMapper json) {
		this.charges = charges;
		this.json = json;
	}

	/** What a charge has paid, after a change of its allocations. */
	public record Settlement(long chargeId, BigDecimal paidAmount, @Nullable LocalDate paidOn) {
	}

	/**
	 * Implemented by bills: called in the transaction that changed the charges' paid
	 * amounts (allocations made or removed, by hand, by imports or by the
	 * reconciliation).
	 */
	public interface Settled {

		void settled(List<Settlement> settlements);

	}

	/** Whether {@code kind} is a charge kind (pix, boleto, card, transfer, other). */
	public static boolean isKind(String kind) {
		for (ChargeKind constant : ChargeKind.values()) {
			if (ClosedSet.wire(constant).equals(kind)) {
				return true;
			}
		}
		return false;
	}

	public static String kinds() {
		return ClosedSet.allowed(ChargeKind.class);
	}

	/**
	 * Creates the charge of an installment and answers its id (audited as any charge).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public long open(String kind, String payerName, String payerDocument, BigDecimal amount, LocalDate dueDate,
			String description) {
		return this.charges
			.create(new ChargeRequest(kind, null, null, null, null, null, payerName, payerDocument, amount, dueDate,
					description, null))
			.body()
			.id();
	}

	/**
	 * A new amount and due date of an installment's charge (409 below what it has paid).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void change(long chargeId, BigDecimal amount, LocalDate dueDate) {
		ObjectNode patch = this.json.createObjectNode();
		patch.put("amount", amount.toPlainString());
		patch.put("due_date", dueDate.toString());
		this.charges.update(chargeId, patch, ExpectedVersion.ANY);
	}

	/**
	 * Cancels the charge of a cancelled bill's installment (409 while something is
	 * allocated).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void cancel(long chargeId) {
		this.charges.cancel(chargeId, ExpectedVersion.ANY);
	}

}
