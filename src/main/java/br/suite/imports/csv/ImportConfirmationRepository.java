package br.suite.imports.csv;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The record of confirmed imports ({@code imports_confirmation}), which also answers
 * retried confirmations.
 */
@Repository
class ImportConfirmationRepository {

	private final JdbcClient jdbc;

	ImportConfirmationRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A confirmation as stored: the fingerprint of its request and the result it answered
	 * (JSON).
	 */
	record Stored(UUID importId, String requestSha256, String result) {
	}

	/** What is recorded of a confirmation that wrote. */
	record NewConfirmation(UUID importId, long userId, @Nullable String idempotencyKey, String requestSha256,
			String provider, String accountId, String fileName, String fileSha256, @Nullable Integer rowCount,
			@Nullable LocalDate deletedMonth, String result) {
	}

	/**
	 * Makes confirmations with the same key by the same user take turns until the end of
	 * the transaction, so the second one sees what the first recorded.
	 */
	void lockKey(long userId, String key) {
		this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended(?, 7427)) IS NULL")
			.param("imports_confirmation\u001f" + userId + "\u001f" + key)
			.query(Boolean.class)
			.single();
	}

	Optional<Stored> find(long userId, String key) {
		return this.jdbc.sql("""
				SELECT import_id, request_sha256, result::text FROM imports_confirmation
				WHERE user_id = ? AND idempotency_key = ?""")
			.params(userId, key)
			.query((rs, n) -> new Stored(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3)))
			.optional();
	}

	void insert(NewConfirmation confirmation) {
		this.jdbc.sql("""
				INSERT INTO imports_confirmation (import_id, user_id, idempotency_key, request_sha256, provider,
				    account_id, file_name, file_sha256, row_count, deleted_month, result, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)""")
			.params(confirmation.importId(), confirmation.userId(), confirmation.idempotencyKey(),
					confirmation.requestSha256(), confirmation.provider(), confirmation.accountId(),
					confirmation.fileName(), confirmation.fileSha256(), confirmation.rowCount(),
					confirmation.deletedMonth(), confirmation.result(),
					Instant.now().truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC))
			.update();
	}

}
