package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.BillCharges;
import br.suite.finance.FinanceProblems.ChargeHasPayments;
import br.suite.shared.ExpectedVersion;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link BillCharges} on this slice's charges: an installment's charge is a charge as any
 * other.
 */
@Service
class ChargeBills implements BillCharges {

	private final ChargeService charges;

	private final JsonMapper json;

	ChargeBills(ChargeService charges, JsonMapper json) {
		this.charges = charges;
		this.json = json;
	}

	/**
	 * Creates the charge of an installment and answers its id (audited as any charge).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	@Override
	public long open(String kind, String payerName, String payerDocument, BigDecimal amount, LocalDate dueDate,
			String description) {
		return this.charges
			.create(new ChargeRequest(kind, null, null, null, null, null, payerName, payerDocument, amount, dueDate,
					description, null, null))
			.body()
			.id();
	}

	/**
	 * A new amount and due date of an installment's charge (409 below what it has paid).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	@Override
	public void change(long chargeId, BigDecimal amount, LocalDate dueDate) {
		ObjectNode patch = this.json.createObjectNode();
		patch.put("amount", amount.toPlainString());
		patch.put("due_date", dueDate.toString());
		this.charges.update(chargeId, patch, ExpectedVersion.ANY);
	}

	/**
	 * A new payer of an installment's charge (audited as any change of a charge); a
	 * cancelled charge keeps its payer, and a charge with money allocated is a 409 (the
	 * whole change rolls back).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	@Override
	public void payer(long chargeId, String payerName, String payerDocument) {
		if (this.charges.cancelled(chargeId)) {
			return;
		}
		ObjectNode patch = this.json.createObjectNode();
		patch.put("payer_name", payerName);
		patch.put("payer_document", payerDocument);
		// The charge's row is locked by the update: what it has paid is the latest.
		ChargeResponse changed = this.charges.update(chargeId, patch, ExpectedVersion.ANY).body();
		if (changed.paidAmount().signum() > 0) {
			throw new ChargeHasPayments(chargeId, changed.paidAmount(), "change its payer");
		}
	}

	/**
	 * Cancels the charge of a cancelled bill's installment (409 while something is
	 * allocated).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	@Override
	public void cancel(long chargeId) {
		this.charges.cancel(chargeId, ExpectedVersion.ANY);
	}

}
