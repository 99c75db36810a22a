package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.bills.BillsFields;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.lists.ListQuery;

/**
 * The pages' lists of contas a pagar and a receber: one row per installment of a bill not
 * cancelled, in a tab (overdue, due today, the next seven days, open, paid), with the
 * bills' filters, a page at a time, and the totals of the whole list (not only of the
 * page shown). The dashboard's counts are two of these tabs.
 */
@Service
class BillListing {

	/** Where an installment stands for the lists, São Paulo's today. */
	enum Tab {

		/** Money open and past the due date. */
		VENCIDAS,

		/** Money open, due today. */
		HOJE,

		/** Money open, due from tomorrow to seven days from today. */
		SEMANA,

		/** Money open, any due date. */
		ABERTAS,

		/** Fully paid. */
		PAGAS;

		static Tab of(String wire) {
			for (Tab tab : values()) {
				if (ClosedSet.wire(tab).equals(wire)) {
					return tab;
				}
			}
			return ABERTAS;
		}

		String wire() {
			return ClosedSet.wire(this);
		}

	}

	record Filter(BillDirection direction, Tab tab, @Nullable Long partyId, @Nullable Long categoryId,
			@Nullable Long costCentreId, @Nullable YearMonth competence, @Nullable String q) {
	}

	/** An installment as a list shows it. */
	record Row(long billId, int number, int count, LocalDate dueDate, String description, String documentNumber,
			@Nullable Long partyId, BigDecimal amount, BigDecimal paidAmount, BigDecimal openAmount, String status,
			boolean overdue, @Nullable LocalDate paidOn, @Nullable Long chargeId) {
	}

	/** A page of rows, and how many rows and how much money the whole list holds. */
	record Listing(List<Row> rows, long total, BigDecimal openSum, BigDecimal paidSum) {
	}

	/** How many installments and how much money open. */
	record Due(long count, BigDecimal amount) {
	}

	private final JdbcClient jdbc;

	BillListing(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Transactional(readOnly = true)
	Listing list(Filter filter, int limit, int offset) {
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		Map<String, Object> params = new HashMap<>();
		String where = where(filter, today, params);
		record Sums(long count, BigDecimal open, BigDecimal paid) {
		}
		Sums sums = this.jdbc
			.sql("SELECT count(*), COALESCE(sum(i.amount - i.paid_amount), 0), COALESCE(sum(i.paid_amount), 0) "
					+ where)
			.params(params)
			.query((rs, n) -> new Sums(rs.getLong(1), rs.getBigDecimal(2), rs.getBigDecimal(3)))
			.single();
		String order = filter.tab() == Tab.PAGAS ? "i.paid_on DESC NULLS LAST, b.id DESC, i.number"
				: "i.due_date, b.id, i.number";
		params.put("limit", limit);
		params.put("offset", offset);
		List<Row> rows = this.jdbc.sql("""
				SELECT b.id, i.number, (SELECT count(*) FROM bills_installment c WHERE c.bill_id = b.id) AS count,
				    i.due_date, b.description, b.document_number, COALESCE(b.fornecedor_id, b.cliente_id) AS party,
				    i.amount, i.paid_amount, i.paid_on, i.charge_id
				""" + where + " ORDER BY " + order + " LIMIT :limit OFFSET :offset").params(params).query((rs, n) -> {
			BigDecimal amount = rs.getBigDecimal("amount");
			BigDecimal paid = rs.getBigDecimal("paid_amount");
			LocalDate due = rs.getObject("due_date", LocalDate.class);
			return new Row(rs.getLong("id"), rs.getInt("number"), rs.getInt("count"), due, rs.getString("description"),
					rs.getString("document_number"), rs.getObject("party", Long.class), amount, paid,
					amount.subtract(paid), ClosedSet.wire(InstallmentPlan.installmentStatus(amount, paid, false)),
					InstallmentPlan.overdue(amount, paid, false, due, today), rs.getObject("paid_on", LocalDate.class),
					rs.getObject("charge_id", Long.class));
		}).list();
		return new Listing(rows, sums.count(), sums.open().setScale(2), sums.paid().setScale(2));
	}

	/** The installments of one tab without other filters: the dashboard's counts. */
	@Transactional(readOnly = true)
	Due due(BillDirection direction, Tab tab) {
		Listing listing = list(new Filter(direction, tab, null, null, null, null, null), 0, 0);
		return new Due(listing.total(), listing.openSum());
	}

	private static String where(Filter filter, LocalDate today, Map<String, Object> params) {
		StringBuilder sql = new StringBuilder("FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id "
				+ "WHERE b.direction = :direction AND b.status <> 'cancelled'");
		params.put("direction", ClosedSet.wire(filter.direction()));
		params.put("today", today);
		sql.append(switch (filter.tab()) {
			case VENCIDAS -> " AND i.paid_amount < i.amount AND i.due_date < :today";
			case HOJE -> " AND i.paid_amount < i.amount AND i.due_date = :today";
			case SEMANA -> " AND i.paid_amount < i.amount AND i.due_date > :today AND i.due_date <= :week";
			case ABERTAS -> " AND i.paid_amount < i.amount";
			case PAGAS -> " AND i.paid_amount >= i.amount";
		});
		if (filter.tab() == Tab.SEMANA) {
			params.put("week", today.plusDays(7));
		}
		if (filter.partyId() != null) {
			sql.append(filter.direction() == BillDirection.PAYABLE ? " AND b.fornecedor_id = :party"
					: " AND b.cliente_id = :party");
			params.put("party", filter.partyId());
		}
		if (filter.categoryId() != null) {
			sql.append(
					" AND EXISTS (SELECT 1 FROM bills_split s WHERE s.bill_id = b.id AND s.category_id = :category)");
			params.put("category", filter.categoryId());
		}
		if (filter.costCentreId() != null) {
			sql.append(" AND EXISTS (SELECT 1 FROM bills_split s WHERE s.bill_id = b.id "
					+ "AND s.cost_centre_id = :centre)");
			params.put("centre", filter.costCentreId());
		}
		if (filter.competence() != null) {
			sql.append(" AND b.competence_date >= :competenceFrom AND b.competence_date <= :competenceTo");
			params.put("competenceFrom", filter.competence().atDay(1));
			params.put("competenceTo", filter.competence().atEndOfMonth());
		}
		String q = BillsFields.parameter(filter.q(), "q");
		if (!q.isEmpty()) {
			sql.append(" AND (b.description ILIKE :q OR b.document_number ILIKE :q)");
			params.put("q", ListQuery.containing(q));
		}
		return sql.toString();
	}

}
