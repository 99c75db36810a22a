package br.suite.bills.payment;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.bills.BillsFields;

/**
 * The payments' storage ({@code bills_payment}, read with their installment's bill and
 * number), in the caller's transaction: {@link PaymentService} locks the installment,
 * checks the amounts, allocates the debit, audits and resettles.
 */
@Repository
class PaymentRepository {

	private static final String SELECT = "SELECT p.id, i.bill_id, i.number, p.paid_on, p.amount, p.interest, "
			+ "p.fine, p.discount, p.settled, p.transaction_id, p.created_by, p.created_at "
			+ "FROM bills_payment p JOIN bills_installment i ON i.id = p.installment_id ";

	private final JdbcClient jdbc;

	PaymentRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A payment's amounts as {@link PaymentService} stores them. */
	record NewPayment(long installmentId, @Nullable LocalDate paidOn, BigDecimal amount, BigDecimal interest,
			BigDecimal fine, BigDecimal discount, BigDecimal settled, @Nullable Long transactionId, long createdBy) {
	}

	/** The sum of an installment's settled amounts, and its last payment's date. */
	record Sum(BigDecimal settled, @Nullable LocalDate paidOn) {
	}

	/** The bill's payments in the order of their installments, then paid. */
	List<PaymentResponse> ofBill(long billId) {
		return this.jdbc.sql(SELECT + "WHERE i.bill_id = ? ORDER BY i.number, p.paid_on, p.id")
			.param(billId)
			.query((rs, n) -> map(rs))
			.list();
	}

	boolean installmentExists(long billId, long number) {
		return this.jdbc.sql("SELECT EXISTS (SELECT 1 FROM bills_installment WHERE bill_id = ? AND number = ?)")
			.params(billId, number)
			.query(Boolean.class)
			.single();
	}

	List<PaymentResponse> ofInstallment(long billId, long number) {
		return this.jdbc.sql(SELECT + "WHERE i.bill_id = ? AND i.number = ? ORDER BY p.paid_on, p.id")
			.params(billId, number)
			.query((rs, n) -> map(rs))
			.list();
	}

	Optional<PaymentResponse> find(long id) {
		return this.jdbc.sql(SELECT + "WHERE p.id = ?").param(id).query((rs, n) -> map(rs)).optional();
	}

	/** The new payment's id; without a date it is paid today. */
	long insert(NewPayment payment) {
		return this.jdbc.sql("""
				INSERT INTO bills_payment (installment_id, paid_on, amount, interest, fine, discount, settled,
				    transaction_id, created_by, created_at)
				VALUES (?, COALESCE(?, CURRENT_DATE), ?, ?, ?, ?, ?, ?, ?, ?)
				RETURNING id""")
			.params(payment.installmentId(), payment.paidOn(), payment.amount(), payment.interest(), payment.fine(),
					payment.discount(), payment.settled(), payment.transactionId(), payment.createdBy(),
					BillsFields.now())
			.query(Long.class)
			.single();
	}

	void paidOn(long id, LocalDate date) {
		this.jdbc.sql("UPDATE bills_payment SET paid_on = ? WHERE id = ?").params(date, id).update();
	}

	void delete(long id) {
		this.jdbc.sql("DELETE FROM bills_payment WHERE id = ?").param(id).update();
	}

	Sum sumOf(long installmentId) {
		return this.jdbc
			.sql("SELECT COALESCE(sum(settled), 0), max(paid_on) FROM bills_payment WHERE installment_id = ?")
			.param(installmentId)
			.query((rs, n) -> new Sum(rs.getBigDecimal(1), rs.getObject(2, LocalDate.class)))
			.single();
	}

	private static PaymentResponse map(ResultSet rs) throws SQLException {
		return new PaymentResponse(rs.getLong("id"), rs.getLong("bill_id"), rs.getInt("number"),
				rs.getObject("paid_on", LocalDate.class), rs.getBigDecimal("amount"), rs.getBigDecimal("interest"),
				rs.getBigDecimal("fine"), rs.getBigDecimal("discount"), rs.getBigDecimal("settled"),
				rs.getObject("transaction_id", Long.class), rs.getObject("created_by", Long.class),
				rs.getObject("created_at", OffsetDateTime.class).toInstant());
	}

}
