package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillProblems.BillNotFound;
import br.suite.shared.ApiProblem;
import br.suite.shared.ClosedSet;

/**
 * What the payment slice may do to a bill: lock it with one of its installments, and
 * write what the installment's payments settled (its status and the bill's follow).
 */
@Component
public class BillLedger {

	private final JdbcClient jdbc;

	private final BillService bills;

	BillLedger(JdbcClient jdbc, BillService bills) {
		this.jdbc = jdbc;
		this.bills = bills;
	}

	/** An installment of a locked bill. */
	public record LockedInstallment(long billId, BillDirection direction, boolean cancelled, long installmentId,
			int number, BigDecimal amount, BigDecimal paidAmount) {

		public BigDecimal openAmount() {
			return this.amount.subtract(this.paidAmount);
		}

	}

	/** Locks the bill (its row, for the transaction) and reads one installment. */
	@Transactional(propagation = Propagation.MANDATORY)
	public LockedInstallment lock(long billId, long number) {
		record Bill(String direction, String status) {
		}
		Bill bill = this.jdbc.sql("SELECT direction, status FROM bills_bill WHERE id = ? FOR UPDATE")
			.param(billId)
			.query((rs, n) -> new Bill(rs.getString(1), rs.getString(2)))
			.optional()
			.orElseThrow(() -> new BillNotFound(billId));
		return this.jdbc.sql("SELECT id, amount, paid_amount FROM bills_installment WHERE bill_id = ? AND number = ?")
			.params(billId, number)
			.query((rs, n) -> new LockedInstallment(billId,
					ClosedSet.parse(BillDirection.class, "direction", bill.direction()),
					bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED)), rs.getLong(1), (int) number,
					rs.getBigDecimal(2), rs.getBigDecimal(3)))
			.optional()
			.orElseThrow(() -> new ApiProblem.NotFound("Installment of bill " + billId, number));
	}

	/**
	 * Writes what the installment's payments now settle in all and the latest payment's
	 * date; the bill's status follows and its version moves.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void settled(long billId, long installmentId, BigDecimal paid, @Nullable LocalDate paidOn) {
		this.jdbc.sql("UPDATE bills_installment SET paid_amount = ?, paid_on = ? WHERE id = ? AND bill_id = ?")
			.params(paid, paidOn, installmentId, billId)
			.update();
		this.jdbc.sql("UPDATE bills_bill SET version = version + 1, updated_at = ? WHERE id = ?")
			.params(BillsFields.now(), billId)
			.update();
		this.bills.refreshStatus(billId);
	}

	/** An installment as the payment form shows it. */
	public record Installment(long billId, BillDirection direction, String description, String documentNumber,
			@Nullable Long fornecedorId, boolean cancelled, int number, int count, LocalDate dueDate, BigDecimal amount,
			BigDecimal paidAmount, @Nullable Long chargeId) {

		public BigDecimal openAmount() {
			return this.cancelled ? BigDecimal.ZERO.setScale(2) : this.amount.subtract(this.paidAmount);
		}

		public boolean payable() {
			return this.direction == BillDirection.PAYABLE;
		}

	}

	/** The installment {@code number} of the bill, read (404 when there is none). */
	@Transactional(readOnly = true)
	public Installment installment(long billId, long number) {
		BillResponse bill = this.bills.find(billId, false).body();
		return bill.installments()
			.stream()
			.filter(i -> i.number() == number)
			.findFirst()
			.map(i -> new Installment(billId, ClosedSet.parse(BillDirection.class, "direction", bill.direction()),
					bill.description(), bill.documentNumber(), bill.fornecedorId(),
					bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED)), i.number(), bill.installments().size(),
					i.dueDate(), i.amount(), i.paidAmount(), i.chargeId()))
			.orElseThrow(() -> new ApiProblem.NotFound("Installment of bill " + billId, number));
	}

}
