package br.suite.finance.transaction;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.TransactionNotFound;
import br.suite.finance.TransactionDirection;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionSource;
import br.suite.finance.TransactionStatus;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;

/** Reads transactions; {@link TransactionImports} writes them. */
@Service
public class TransactionService {

	private static final String COLUMNS = "id, external_id, provider, account_id, transaction_date, posted_at, amount, "
			+ "direction, status, description, payer_name, payer_document, correlation_id, bank_reference_id, "
			+ "end_to_end_id, charge_external_id, matched_charge_id, matched_document_id, allocated_amount, version, "
			+ "created_at, updated_at, category_id, cost_centre_id";

	/**
	 * Must stay identical to the expression of the trigram index
	 * finance_transaction_search_idx.
	 */
	static final String SEARCHED = "(description || E'\\x1f' || payer_name || E'\\x1f' || payer_document "
			+ "|| E'\\x1f' || end_to_end_id)";

	private final JdbcClient jdbc;

	TransactionService(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public record Filter(@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String status,
			@Nullable String direction, @Nullable String provider, @Nullable String accountId,
			@Nullable Boolean matched, @Nullable String q, @Nullable String source, @Nullable Long connectionId,
			boolean openCredits, @Nullable Long categoryId, @Nullable Long costCentreId) {

		Filter(@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String status,
				@Nullable String direction, @Nullable String provider, @Nullable String accountId,
				@Nullable Boolean matched, @Nullable String q) {
			this(dateFrom, dateTo, status, direction, provider, accountId, matched, q, null, null, false, null, null);
		}

	}

	/**
	 * Credits waiting for reconciliation: settled or pending credits with money not yet
	 * allocated (the ones the automatic matching and the suggestions consider).
	 */
	static final String OPEN_CREDIT = "direction = 'credit' AND status IN ('settled', 'pending') "
			+ "AND amount > allocated_amount";

	@Transactional(readOnly = true)
	public ListQuery.Page<TransactionResponse> list(Filter filter, Paging paging) {
		if (filter.dateFrom() != null && filter.dateTo() != null && filter.dateTo().isBefore(filter.dateFrom())) {
			throw InvalidRequest.of("date_to", "must not be before date_from");
		}
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "finance_transaction")
			.where("transaction_date >= :dateFrom", "dateFrom", filter.dateFrom())
			.where("transaction_date <= :dateTo", "dateTo", filter.dateTo())
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(TransactionStatus.class, "status", filter.status())))
			.where("direction = :direction", "direction",
					filter.direction() == null ? null
							: ClosedSet
								.wire(ClosedSet.parse(TransactionDirection.class, "direction", filter.direction())))
			.where("provider = :provider", "provider",
					filter.provider() == null ? null : FinanceFields.providerParameter(filter.provider()))
			.where("account_id = :accountId", "accountId",
					filter.accountId() == null ? null : FinanceFields.parameter(filter.accountId(), "account_id"))
			.where("source = :source", "source",
					filter.source() == null ? null
							: ClosedSet.wire(ClosedSet.parse(TransactionSource.class, "source", filter.source())))
			.where("connection_id = :connectionId", "connectionId", filter.connectionId())
			.where("category_id = :categoryId", "categoryId", filter.categoryId())
			.where("cost_centre_id = :costCentreId", "costCentreId", filter.costCentreId())
			.orderBy("transaction_date DESC, id DESC");
		if (filter.matched() != null) {
			query.where(filter.matched() ? "allocated_amount > 0" : "allocated_amount = 0");
		}
		if (filter.openCredits()) {
			query.where(OPEN_CREDIT);
		}
		String q = filter.q() == null ? "" : FinanceFields.parameter(filter.q(), "q").replace("\u001f", "");
		// A CPF/CNPJ typed with its mask finds the stored digits too.
		return query.search(SEARCHED + " ILIKE :q", q, "payer_document").page(paging, (rs, n) -> map(rs));
	}

	@Transactional(readOnly = true)
	public long countOpenCredits() {
		return this.jdbc.sql("SELECT count(*) FROM finance_transaction WHERE " + OPEN_CREDIT)
			.query(Long.class)
			.single();
	}

	@Transactional(readOnly = true)
	public Versioned<TransactionResponse> get(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM finance_transaction WHERE id = ?")
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElseThrow(() -> new TransactionNotFound(id));
	}

	private static TransactionResponse map(ResultSet rs) throws SQLException {
		return new TransactionResponse(rs.getLong("id"), rs.getString("external_id"), rs.getString("provider"),
				rs.getString("account_id"), rs.getObject("transaction_date", LocalDate.class), instant(rs, "posted_at"),
				rs.getBigDecimal("amount"), rs.getString("direction"), rs.getString("status"),
				rs.getString("description"), rs.getString("payer_name"), rs.getString("payer_document"),
				rs.getString("correlation_id"), rs.getString("bank_reference_id"), rs.getString("end_to_end_id"),
				rs.getString("charge_external_id"), rs.getObject("matched_charge_id", Long.class),
				rs.getObject("matched_document_id", Long.class), rs.getBigDecimal("allocated_amount"),
				rs.getBigDecimal("amount").subtract(rs.getBigDecimal("allocated_amount")), instant(rs, "created_at"),
				instant(rs, "updated_at"), rs.getObject("category_id", Long.class),
				rs.getObject("cost_centre_id", Long.class));
	}

	public static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
		OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
		return value == null ? null : value.toInstant();
	}

}
