package br.suite.finance.ingest;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.FinanceFields;
import br.suite.finance.SyncFlow;
import br.suite.finance.SyncStatus;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;

/**
 * Writes sync logs, for {@link TransactionImports} (and provider sync later), in the
 * caller's database transaction; clients read them through
 * {@link br.suite.finance.transaction.SyncLogService}.
 */
@Service
public class SyncLogWriter {

	/**
	 * One synchronisation run. {@code finishedAt} is null exactly while {@code status} is
	 * {@code running}. A finished {@code success} or {@code partial} run moves the
	 * {@code last_sync_at} of the connection with the same provider and account (when
	 * there is one) to {@code finishedAt}.
	 *
	 * @param importId the import whose rows this run wrote, if any (stored, not on the
	 * wire)
	 */
	public record SyncLogEntry(@Nullable String provider, @Nullable String accountId, SyncFlow flow, SyncStatus status,
			Instant startedAt, @Nullable Instant finishedAt, int importedCount, int updatedCount,
			@Nullable String message, @Nullable UUID importId) {

		public SyncLogEntry {
			provider = provider == null ? "" : provider;
			accountId = accountId == null ? "" : accountId;
			message = message == null ? "" : message;
		}

	}

	public static final int MESSAGE_MAX = 10_000;

	private final JdbcClient jdbc;

	SyncLogWriter(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Writes one sync log.
	 * @return the new log's id ({@code GET /api/finance/sync-logs/{id}/})
	 * @throws InvalidRequest when the entry breaks a rule (provider code, counts below 0,
	 * a finished run without {@code finishedAt} or a running one with it,
	 * {@code finishedAt} before {@code startedAt}, a message over 10 000 characters)
	 */
	@Transactional
	public long recordSync(SyncLogEntry entry) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String provider = FinanceFields.provider(entry.provider(), "provider", errors);
		String account = FinanceFields.text(entry.accountId(), "account_id", FinanceFields.ACCOUNT_ID_MAX, false,
				errors);
		String message = FinanceFields.text(entry.message(), "message", MESSAGE_MAX, false, errors);
		Objects.requireNonNull(entry.flow(), "flow");
		Objects.requireNonNull(entry.status(), "status");
		Objects.requireNonNull(entry.startedAt(), "startedAt");
		if (entry.importedCount() < 0) {
			errors.add("imported_count", "must be zero or more");
		}
		if (entry.updatedCount() < 0) {
			errors.add("updated_count", "must be zero or more");
		}
		boolean running = entry.status() == SyncStatus.RUNNING;
		if (running && entry.finishedAt() != null) {
			errors.add("finished_at", "must be empty while the run is running");
		}
		if (!running && entry.finishedAt() == null) {
			errors.add("finished_at", "is required once the run is over");
		}
		if (entry.finishedAt() != null && entry.finishedAt().isBefore(entry.startedAt())) {
			errors.add("finished_at", "must not be before started_at");
		}
		errors.throwIfAny();
		Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
		long id = this.jdbc.sql("""
				INSERT INTO finance_sync_log (provider, account_id, flow, status, started_at, finished_at,
				    imported_count, updated_count, message, import_id, version, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
				RETURNING id""")
			.params(provider, account, ClosedSet.wire(entry.flow()), ClosedSet.wire(entry.status()),
					utc(entry.startedAt()), utc(entry.finishedAt()), entry.importedCount(), entry.updatedCount(),
					message, entry.importId(), utc(now))
			.query(Long.class)
			.single();
		if (entry.status() == SyncStatus.SUCCESS || entry.status() == SyncStatus.PARTIAL) {
			// System-written like a user's last access: no version bump, so clients'
			// ETags stay valid.
			this.jdbc.sql("""
					UPDATE finance_connection SET last_sync_at = :finished
					WHERE provider = :provider AND account_id = :account
					  AND (last_sync_at IS NULL OR last_sync_at < :finished)""")
				.param("finished", utc(entry.finishedAt()))
				.param("provider", provider)
				.param("account", account)
				.update();
		}
		return id;
	}

	private static @Nullable OffsetDateTime utc(@Nullable Instant instant) {
		return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
	}

}
