package br.suite.finance.allocation;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.finance.transaction.TransactionService;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * The allocations' storage ({@code finance_allocation}), in the caller's transaction:
 * {@link AllocationService} locks the rows they sum, checks the amounts, audits and
 * refreshes the derived columns.
 */
@Repository
class AllocationRepository {

	private static final String COLUMNS = "id, transaction_id, charge_id, fiscal_document_id, amount, rule, score, "
			+ "created_by, created_at";

	private final JdbcClient jdbc;

	AllocationRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	ListQuery.Page<AllocationResponse> list(AllocationService.Filter filter, Paging paging) {
		return ListQuery.of(this.jdbc, COLUMNS, "finance_allocation")
			.where("transaction_id = :transactionId", "transactionId", filter.transactionId())
			.where("charge_id = :chargeId", "chargeId", filter.chargeId())
			.where("fiscal_document_id = :documentId", "documentId", filter.fiscalDocumentId())
			.orderBy("id")
			.page(paging, (rs, n) -> map(rs));
	}

	Optional<AllocationResponse> find(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM finance_allocation WHERE id = ?")
			.param(id)
			.query((rs, n) -> map(rs))
			.optional();
	}

	/** Whether the item's transaction is already allocated to its charge or document. */
	boolean exists(AllocationService.Item item) {
		return this.jdbc
			.sql("SELECT EXISTS (SELECT 1 FROM finance_allocation WHERE transaction_id = ? AND "
					+ (item.chargeId() != null ? "charge_id = ?" : "fiscal_document_id = ?") + ")")
			.params(item.transactionId(), item.chargeId() != null ? item.chargeId() : item.fiscalDocumentId())
			.query(Boolean.class)
			.single();
	}

	/** The new allocation's id. */
	long insert(AllocationService.Item item, BigDecimal amount, String rule, BigDecimal score, @Nullable Long userId,
			OffsetDateTime now) {
		return this.jdbc.sql("""
				INSERT INTO finance_allocation (transaction_id, charge_id, fiscal_document_id, amount, rule, score,
				    created_by, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""")
			.params(item.transactionId(), item.chargeId(), item.fiscalDocumentId(), amount, rule, score, userId, now)
			.query(Long.class)
			.single();
	}

	/** The bill payment the allocation settles, if it is one's. */
	Optional<Long> billPayment(long id) {
		return this.jdbc.sql("SELECT bill_payment_id FROM finance_allocation WHERE id = ?")
			.param(id)
			.query(Long.class)
			.optional();
	}

	/** False when there was no such allocation. */
	boolean delete(long id) {
		return this.jdbc.sql("DELETE FROM finance_allocation WHERE id = ?").param(id).update() > 0;
	}

	/**
	 * Removes the document's allocations of transactions not among {@code kept}; the
	 * transactions they were of.
	 */
	List<Long> unlinkDocumentExcept(long documentId, List<Long> kept) {
		return this.jdbc.sql("""
				DELETE FROM finance_allocation WHERE fiscal_document_id = ? AND NOT (transaction_id = ANY (?))
				RETURNING transaction_id""").params(documentId, kept.toArray(new Long[0])).query(Long.class).list();
	}

	/** Transaction ids allocated to each document, ordered by id. */
	Map<Long, List<Long>> documentTransactions(List<Long> documentIds) {
		Map<Long, List<Long>> links = new HashMap<>();
		if (documentIds.isEmpty()) {
			return links;
		}
		this.jdbc
			.sql("SELECT fiscal_document_id, transaction_id FROM finance_allocation "
					+ "WHERE fiscal_document_id = ANY (?) ORDER BY transaction_id")
			.param(documentIds.toArray(new Long[0]))
			.query((rs, n) -> links.computeIfAbsent(rs.getLong(1), d -> new ArrayList<>()).add(rs.getLong(2)))
			.list();
		return links;
	}

	private static AllocationResponse map(ResultSet rs) throws SQLException {
		return new AllocationResponse(rs.getLong("id"), rs.getLong("transaction_id"),
				rs.getObject("charge_id", Long.class), rs.getObject("fiscal_document_id", Long.class),
				rs.getBigDecimal("amount"), rs.getString("rule"), rs.getBigDecimal("score"),
				rs.getObject("created_by", Long.class),
				Objects.requireNonNull(TransactionService.instant(rs, "created_at")));
	}

}
