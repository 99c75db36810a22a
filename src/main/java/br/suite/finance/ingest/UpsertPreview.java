package br.suite.finance.ingest;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.TransactionRow;

/**
 * What an import would do, read without writing: per month, the rows
 * {@link TransactionWriter#upsertNormalised} would insert, update and skip, and what
 * {@link TransactionRemovals#replaceMonth} would delete. SELECTs only: no row is written
 * and no lock is taken, so a preview never waits for an import nor holds one up.
 */
@Service
class UpsertPreview {

	private final JdbcTemplate jdbcTemplate;

	private final JdbcClient jdbc;

	UpsertPreview(JdbcTemplate jdbcTemplate, JdbcClient jdbc) {
		this.jdbcTemplate = jdbcTemplate;
		this.jdbc = jdbc;
	}

	/**
	 * What upserting a month's rows would do now, and what replacing the month would
	 * delete.
	 */
	record MonthPreview(YearMonth month, int rows, int inserts, int updates, int skips, @Nullable Integer deletes,
			String deleteRefused, int keptProviderRows) {
	}

	/**
	 * What {@link TransactionWriter#upsertNormalised} would count for these months' rows
	 * (already normalised), applied month after month, and what
	 * {@link TransactionRemovals#replaceMonth} would delete in each (the month's
	 * transactions absent from all the rows).
	 */
	@Transactional(readOnly = true)
	List<MonthPreview> preview(String provider, String accountId, Map<YearMonth, List<TransactionRow>> months) {
		List<String> keys = new ArrayList<>();
		months.values().forEach(rows -> rows.forEach(row -> keys.add(row.externalId())));
		Map<String, Stored> state = new HashMap<>();
		// Rows a provider's sync or webhook wrote: a file import leaves them as they are.
		Set<String> providerKeys = new HashSet<>();
		if (!keys.isEmpty()) {
			this.jdbcTemplate.query("""
					SELECT DISTINCT t.external_id, t.transaction_date, t.posted_at, t.amount, t.direction, t.status,
					    t.description, t.payer_name, t.payer_document, t.correlation_id, t.bank_reference_id,
					    t.end_to_end_id, t.charge_external_id, t.source
					FROM unnest(?::text[]) AS k(id)
					JOIN finance_transaction t ON t.provider = ? AND t.account_id = ? AND t.external_id = k.id""",
					statement -> {
						statement.setArray(1, statement.getConnection().createArrayOf("text", keys.toArray()));
						statement.setString(2, provider);
						statement.setString(3, accountId);
					}, (RowCallbackHandler) rs -> {
						if (!TransactionWriter.SOURCE_FILE.equals(rs.getString(14))) {
							providerKeys.add(rs.getString(1));
						}
						OffsetDateTime posted = rs.getObject(3, OffsetDateTime.class);
						state.put(rs.getString(1),
								new Stored(rs.getObject(2, LocalDate.class), posted == null ? null : posted.toInstant(),
										rs.getBigDecimal(4), rs.getString(5), rs.getString(6), rs.getString(7),
										rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11),
										rs.getString(12), rs.getString(13)));
					});
		}
		List<MonthPreview> previews = new ArrayList<>();
		months.forEach((month, rows) -> {
			int inserts = 0;
			int updates = 0;
			int skips = 0;
			for (TransactionRow row : rows) {
				if (providerKeys.contains(row.externalId())) {
					skips++;
					continue;
				}
				Stored next = Stored.of(row);
				Stored before = state.put(row.externalId(), next);
				if (before == null) {
					inserts++;
				}
				else if (before.equals(next)) {
					skips++;
				}
				else {
					updates++;
				}
			}
			LocalDate from = month.atDay(1);
			LocalDate until = month.plusMonths(1).atDay(1);
			int[] absent = this.jdbc.sql("""
					SELECT count(*) FILTER (WHERE source = 'file'), count(*) FILTER (WHERE source <> 'file')
					FROM finance_transaction
					WHERE provider = ? AND account_id = ? AND transaction_date >= ? AND transaction_date < ?
					  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = external_id)""")
				.params(provider, accountId, from, until, keys.toArray(new String[0]))
				.query((rs, n) -> new int[] { rs.getInt(1), rs.getInt(2) })
				.single();
			String refused = "";
			previews.add(new MonthPreview(month, rows.size(), inserts, updates, skips, absent[0], refused, absent[1]));
		});
		return previews;
	}

	/** The data of a transaction the upsert compares: equal data is a skip. */
	private record Stored(LocalDate date, @Nullable Instant postedAt, BigDecimal amount, String direction,
			String status, String description, String payerName, String payerDocument, String correlationId,
			String bankReferenceId, String endToEndId, String chargeExternalId) {

		Stored {
			amount = amount.setScale(2, RoundingMode.UNNECESSARY);
		}

		static Stored of(TransactionRow row) {
			return new Stored(Objects.requireNonNull(row.transactionDate()), row.postedAt(),
					Objects.requireNonNull(row.amount()), row.direction(), row.status(), row.description(),
					row.payerName(), row.payerDocument(), row.correlationId(), row.bankReferenceId(), row.endToEndId(),
					row.chargeExternalId());
		}

	}

}
