package br.suite.finance.allocation;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The row locks every allocating path takes, always in the same order: fiscal documents,
 * then transactions, then charges, each by id ({@code SELECT … ORDER BY id FOR UPDATE}),
 * so concurrent allocations of the same money take turns and the second sees what the
 * first took. Each answers what the locked rows have open.
 */
@Component
public class AllocationLocks {

	private final JdbcClient jdbc;

	AllocationLocks(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * One side of an allocation as locked: its amount, what is allocated, and whether it
	 * takes more.
	 */
	public record Side(BigDecimal amount, BigDecimal allocated, boolean allocatable, String state) {

		public BigDecimal open() {
			return this.amount.subtract(this.allocated);
		}

		Side taking(BigDecimal more) {
			return new Side(this.amount, this.allocated.add(more), this.allocatable, this.state);
		}

	}

	/**
	 * Locks the documents (by id) and answers what each still has open (amount −
	 * allocations).
	 */
	public Map<Long, BigDecimal> documents(Set<Long> ids) {
		Map<Long, BigDecimal> open = new LinkedHashMap<>();
		if (ids.isEmpty()) {
			return open;
		}
		this.jdbc.sql("SELECT id, amount FROM finance_fiscal_document WHERE id = ANY (?) ORDER BY id FOR UPDATE")
			.param(ids.toArray(new Long[0]))
			.query((rs, n) -> open.put(rs.getLong(1), rs.getBigDecimal(2)))
			.list();
		this.jdbc
			.sql("SELECT fiscal_document_id, sum(amount) FROM finance_allocation WHERE fiscal_document_id = ANY (?) "
					+ "GROUP BY fiscal_document_id")
			.param(ids.toArray(new Long[0]))
			.query((rs, n) -> open.computeIfPresent(rs.getLong(1), (id, amount) -> {
				try {
					return amount.subtract(rs.getBigDecimal(2));
				}
				catch (SQLException ex) {
					throw new IllegalStateException(ex);
				}
			}))
			.list();
		return open;
	}

	/**
	 * Locks the transactions (by id): each one's amount, what is allocated, and whether
	 * it is a settled or pending credit.
	 */
	public Map<Long, Side> transactions(Set<Long> ids) {
		Map<Long, Side> sides = new HashMap<>();
		if (ids.isEmpty()) {
			return sides;
		}
		this.jdbc
			.sql("SELECT id, amount, allocated_amount, direction, status FROM finance_transaction "
					+ "WHERE id = ANY (?) ORDER BY id FOR UPDATE")
			.param(ids.toArray(new Long[0]))
			.query((rs, n) -> {
				String direction = rs.getString(4);
				String status = rs.getString(5);
				boolean allocatable = direction.equals("credit")
						&& (status.equals("settled") || status.equals("pending"));
				return sides.put(rs.getLong(1),
						new Side(rs.getBigDecimal(2), rs.getBigDecimal(3), allocatable, direction + ", " + status));
			})
			.list();
		return sides;
	}

	/**
	 * Locks the charges (by id): each one's amount, what is paid, and whether it is not
	 * cancelled.
	 */
	Map<Long, Side> charges(Set<Long> ids) {
		Map<Long, Side> sides = new HashMap<>();
		if (ids.isEmpty()) {
			return sides;
		}
		this.jdbc
			.sql("SELECT id, amount, paid_amount, status FROM finance_charge WHERE id = ANY (?) ORDER BY id "
					+ "FOR UPDATE")
			.param(ids.toArray(new Long[0]))
			.query((rs, n) -> sides.put(rs.getLong(1),
					new Side(rs.getBigDecimal(2), rs.getBigDecimal(3), !rs.getString(4).equals("cancelled"),
							rs.getString(4))))
			.list();
		return sides;
	}

}
