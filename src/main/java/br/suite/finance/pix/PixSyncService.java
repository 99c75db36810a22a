package br.suite.finance.pix;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.context.request.RequestContextHolder;

import br.suite.finance.FinanceProblems;
import br.suite.finance.FinanceProblems.ConnectionNotFound;
import br.suite.finance.FinanceProblems.CredentialsNotFound;
import br.suite.finance.PixProviderSettings;
import br.suite.finance.SyncFlow;
import br.suite.finance.ingest.SyncLogWriter;
import br.suite.finance.ingest.SyncLogWriter.SyncLogEntry;
import br.suite.finance.SyncStatus;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.connection.ConnectionStatus;
import br.suite.finance.connection.CredentialService;
import br.suite.finance.connection.PixCredentials;
import br.suite.finance.transaction.SyncLogResponse;
import br.suite.finance.transaction.SyncLogService;
import br.suite.finance.transaction.TransactionService;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Talks to a connection's provider through its API Pix: the credentials test and the pull
 * sync ({@code GET /pix}, every page, over the window, plus the devoluções of the last 90
 * days), written through {@link TransactionImports} like an import. The network is never
 * awaited inside a database transaction: everything is fetched first, then written in one
 * short transaction (rows, reconciliation, sync log, connection status). A run that fails
 * writes no transaction, only its failed sync log: the next run fetches the same window
 * again, so nothing is lost and nothing is written twice (upserts by end-to-end id).
 */
@Service
public class PixSyncService {

	private static final Logger log = LoggerFactory.getLogger(PixSyncService.class);

	/** The connection fields a run needs. */
	private record Target(long id, String provider, String accountId, boolean enabled, @Nullable Instant lastSyncAt) {
	}

	record TestOutcome(String status, String message) {
	}

	/** A connection ready to call its provider. */
	public record Connected(long connectionId, Account account, PixCredentials credentials, PixApiClient client) {
	}

	private final JdbcClient jdbc;

	private final CredentialService credentials;

	private final TransactionImports imports;

	private final PixRows rows;

	private final SyncLogWriter syncLogs;

	private final SyncLogService syncLogReader;

	private final PixProviderSettings settings;

	private final PixTokens tokens;

	private final JsonMapper json;

	private final TransactionTemplate transactions;

	private final boolean allowLoopback;

	PixSyncService(JdbcClient jdbc, CredentialService credentials, TransactionImports imports, PixRows rows,
			SyncLogWriter syncLogs, SyncLogService syncLogReader, PixProviderSettings settings, PixTokens tokens,
			JsonMapper json, TransactionTemplate transactions,
			@Value("${suite.webhooks.allow-loopback:false}") boolean allowLoopback) {
		this.jdbc = jdbc;
		this.credentials = credentials;
		this.imports = imports;
		this.rows = rows;
		this.syncLogs = syncLogs;
		this.syncLogReader = syncLogReader;
		this.settings = settings;
		this.tokens = tokens;
		this.json = json;
		this.transactions = transactions;
		this.allowLoopback = allowLoopback;
	}

	/**
	 * Gets a token and calls a harmless endpoint ({@code GET /pix} over the last minute,
	 * one item); records what it saw as the connection's status: {@code active},
	 * {@code revoked} (401 with a fresh token, 403, or a refused token request) or
	 * {@code error}.
	 */
	TestOutcome test(long connectionId) {
		Target target = target(connectionId);
		PixCredentials credentials = credentials(connectionId);
		Instant now = Instant.now();
		String status;
		String message;
		try {
			PixApiClient client = client(credentials);
			client.get("/pix", Map.of("inicio", rfc3339(now.minus(Duration.ofMinutes(1))), "fim", rfc3339(now),
					"paginacao.itensPorPagina", "1"));
			status = "active";
			message = "token obtained and GET /pix answered";
		}
		catch (PixProviderException ex) {
			status = statusAfter(ex);
			message = ex.getMessage();
		}
		setStatus(target.id(), status);
		log.info("Pix connection {} test: {} ({})", connectionId, status, message);
		return new TestOutcome(status, message);
	}

	/**
	 * A pull sync of one connection over {@code from}..{@code to} (dates in São Paulo,
	 * inclusive), or by default from the last successful sync minus the overlap (the
	 * first window without one) until now.
	 */
	SyncLogResponse sync(long connectionId, @Nullable LocalDate from, @Nullable LocalDate to) {
		if (from != null && to != null && to.isBefore(from)) {
			throw InvalidRequest.of("date_to", "must not be before date_from");
		}
		Target target = target(connectionId);
		if (!target.enabled()) {
			throw new FinanceProblems.ConnectionDisabled(connectionId);
		}
		PixCredentials credentials = credentials(connectionId);
		Instant now = Instant.now();
		Instant start = from != null ? from.atStartOfDay(DateTimes.BRAZIL).toInstant() : target.lastSyncAt() != null
				? target.lastSyncAt().minus(this.settings.overlap()) : now.minus(this.settings.firstWindow());
		// The provider's bounds are whole seconds and inclusive: up to the next day's
		// 00:00:00, so nothing in the last second of date_to is left out.
		Instant end = to != null ? to.plusDays(1).atStartOfDay(DateTimes.BRAZIL).toInstant() : now;
		if (end.isAfter(now)) {
			end = now;
		}
		if (start.isAfter(end)) {
			throw InvalidRequest.of("date_from", "must not be in the future");
		}
		return run(target, credentials, start, end);
	}

	/**
	 * Every enabled connection with pix_api credentials, every
	 * {@code suite.finance.pix-providers.sync-interval}, once across instances.
	 */
	@Scheduled(fixedDelayString = "${suite.finance.pix-providers.sync-interval:10m}",
			initialDelayString = "${suite.finance.pix-providers.sync-interval:10m}")
	@SchedulerLock(name = "finance.pix-sync", lockAtMostFor = "PT1H",
			lockAtLeastFor = "${suite.scheduling.lock-at-least-for:PT5M}")
	void scheduledSync() {
		if (this.settings.scheduledSync()) {
			syncEnabledConnections();
		}
	}

	/**
	 * The scheduled run's work: a default-window sync of each enabled pix_api connection.
	 */
	public void syncEnabledConnections() {
		for (long id : this.credentials.usablePixConnections()) {
			try {
				sync(id, null, null);
			}
			catch (RuntimeException ex) {
				log.warn("Scheduled Pix sync of connection {} failed: {}", id, ex.getMessage());
			}
		}
	}

	/**
	 * The connection's account, credentials and a client for its provider. 404 without
	 * connection or credentials.
	 * @throws PixProviderException when the certificate cannot be used
	 */
	public Connected connect(long connectionId) throws PixProviderException {
		Target target = target(connectionId);
		PixCredentials credentials = credentials(connectionId);
		Account account = this.imports.account(target.provider(), target.accountId());
		return new Connected(connectionId, account, credentials, client(credentials));
	}

	/** Records the status a failed call implies ({@code revoked} or {@code error}). */
	public void observed(long connectionId, PixProviderException ex) {
		setStatus(connectionId, statusAfter(ex));
	}

	/**
	 * Writes fetched Pix (keyed by endToEndId) in one short transaction: the rows through
	 * {@link TransactionImports} (upserts, then the automatic matching), the sync log of
	 * {@code flow} and the connection's status {@code active}.
	 * @return the sync log's message
	 */
	String write(Connected connected, Map<String, JsonNode> pix, SyncFlow flow, Instant startedAt, String prefix,
			List<String> notes) {
		PixRows.Fetched rows = this.rows.rows(connected.account(), pix);
		UUID importId = UUID.randomUUID();
		Account account = connected.account();
		return this.transactions.execute(tx -> {
			requireEnabled(connected.connectionId());
			TransactionImports.Applied applied = this.imports.apply(account, null, rows.rows(), importId, flow,
					connected.connectionId());
			setStatus(connected.connectionId(), "active");
			String text = message(prefix, rows, applied, notes);
			this.syncLogs.recordSync(new SyncLogEntry(account.provider(), account.accountId(), flow,
					rows.refused().isEmpty() ? SyncStatus.SUCCESS : SyncStatus.PARTIAL, startedAt, Instant.now(),
					applied.inserted(), applied.updated(), text, importId));
			return text;
		});
	}

	private static String message(String prefix, PixRows.Fetched rows, TransactionImports.Applied applied,
			List<String> notes) {
		StringBuilder message = new StringBuilder(prefix).append(' ')
			.append(rows.pix())
			.append(" Pix and ")
			.append(rows.devolucoes())
			.append(" devoluções received; ")
			.append(applied.inserted())
			.append(" new, ")
			.append(applied.updated())
			.append(" changed, ")
			.append(applied.skipped())
			.append(" unchanged; ")
			.append(applied.allocated())
			.append(" allocations by the automatic matching.");
		notes.forEach(note -> message.append(' ').append(note).append('.'));
		applied.notes().forEach(note -> message.append(' ').append(note));
		rows.refused().forEach(note -> message.append(" Refused: ").append(note));
		return message.length() > SyncLogWriter.MESSAGE_MAX - 1 ? message.substring(0, SyncLogWriter.MESSAGE_MAX - 1)
				: message.toString();
	}

	private SyncLogResponse run(Target target, PixCredentials credentials, Instant start, Instant end) {
		Instant startedAt = Instant.now();
		Account account = this.imports.account(target.provider(), target.accountId());
		PixRows.Fetched fetched;
		try {
			PixApiClient client = client(credentials);
			Map<String, JsonNode> pix = new LinkedHashMap<>();
			fetchAll(client, start, end, false, pix);
			Instant now = Instant.now();
			fetchAll(client, now.minus(this.settings.refundLookback()), now, true, pix);
			fetched = this.rows.rows(account, pix);
		}
		catch (PixProviderException ex) {
			String status = statusAfter(ex);
			long id = this.transactions.execute(tx -> {
				setStatus(target.id(), status);
				return this.syncLogs.recordSync(new SyncLogEntry(account.provider(), account.accountId(),
						SyncFlow.PROVIDER_SYNC, SyncStatus.FAILED, startedAt, Instant.now(), 0, 0,
						"Nothing written: " + ex.getMessage(), null));
			});
			log.warn("Pix sync of connection {} failed: {}", target.id(), ex.getMessage());
			return this.syncLogReader.get(id);
		}
		PixRows.Fetched rows = fetched;
		UUID importId = UUID.randomUUID();
		long id = this.transactions.execute(tx -> {
			requireEnabled(target.id());
			TransactionImports.Applied applied = this.imports.apply(account, null, rows.rows(), importId,
					SyncFlow.PROVIDER_SYNC, target.id());
			setStatus(target.id(), "active");
			String text = message("Pix sync " + rfc3339(start) + " to " + rfc3339(end) + ":", rows, applied, List.of());
			return this.syncLogs.recordSync(new SyncLogEntry(account.provider(), account.accountId(),
					SyncFlow.PROVIDER_SYNC, rows.refused().isEmpty() ? SyncStatus.SUCCESS : SyncStatus.PARTIAL,
					startedAt, Instant.now(), applied.inserted(), applied.updated(), text, importId));
		});
		return this.syncLogReader.get(id);
	}

	/** Every page of {@code GET /pix} over the window, in chunks; keyed by endToEndId. */
	private void fetchAll(PixApiClient client, Instant start, Instant end, boolean refunds, Map<String, JsonNode> into)
			throws PixProviderException {
		Instant from = start;
		while (!from.isAfter(end)) {
			Instant until = from.plus(this.settings.chunk());
			if (until.isAfter(end)) {
				until = end;
			}
			int pages = 1;
			for (int page = 0; page < pages && page < this.settings.maxPages(); page++) {
				Map<String, String> query = new LinkedHashMap<>();
				query.put("inicio", rfc3339(from));
				query.put("fim", rfc3339(until));
				if (refunds) {
					query.put("devolucaoPresente", "true");
				}
				query.put("paginacao.paginaAtual", String.valueOf(page));
				query.put("paginacao.itensPorPagina", String.valueOf(this.settings.pageSize()));
				JsonNode answer = client.get("/pix", query).body();
				// The answer's page count, not the size asked: a PSP may serve fewer.
				pages = Math.max(1, answer.path("parametros").path("paginacao").path("quantidadeDePaginas").asInt(1));
				for (JsonNode item : answer.path("pix")) {
					String e2e = item.path("endToEndId").asString("");
					into.put(e2e.isEmpty() ? "missing-" + into.size() : e2e, item);
				}
			}
			if (until.equals(end)) {
				break;
			}
			// The next window starts in the second this one ended (both bounds are whole,
			// inclusive seconds): a Pix in that second comes in both and counts once.
			from = until;
		}
	}

	static String rfc3339(Instant instant) {
		return PixApiClient.RFC3339.format(instant.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
	}

	private static String statusAfter(PixProviderException ex) {
		return ex.kind() == PixProviderException.Kind.REVOKED ? "revoked" : "error";
	}

	private PixApiClient client(PixCredentials credentials) throws PixProviderException {
		// A user's request waits at most the request deadline; the scheduled runs (no
		// request on their thread) are bounded by the attempts alone.
		Instant deadline = RequestContextHolder.getRequestAttributes() != null
				? Instant.now().plus(this.settings.requestDeadline()) : null;
		return new PixApiClient(credentials, this.settings, this.json, this.tokens, this.allowLoopback, deadline);
	}

	private PixCredentials credentials(long connectionId) {
		Optional<PixCredentials> loaded = this.credentials.load(connectionId);
		return loaded.orElseThrow(() -> new CredentialsNotFound(connectionId));
	}

	private Target target(long connectionId) {
		return this.jdbc.sql("""
				SELECT id, provider, account_id, enabled, last_sync_at FROM finance_connection WHERE id = ?""")
			.param(connectionId)
			.query((rs, n) -> new Target(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4),
					TransactionService.instant(rs, "last_sync_at")))
			.optional()
			.orElseThrow(() -> new ConnectionNotFound(connectionId));
	}

	/**
	 * In a write's transaction: the connection is still enabled, and stays so until the
	 * write commits (a revert, which needs it disabled, waits for the row), so rows
	 * fetched before it was disabled are never written after its revert.
	 */
	private void requireEnabled(long connectionId) {
		boolean enabled = this.jdbc.sql("SELECT enabled FROM finance_connection WHERE id = ? FOR SHARE")
			.param(connectionId)
			.query(Boolean.class)
			.optional()
			.orElseThrow(() -> new ConnectionNotFound(connectionId));
		if (!enabled) {
			throw new FinanceProblems.ConnectionDisabled(connectionId);
		}
	}

	/** Records what was observed; a change bumps the connection's version (its ETag). */
	private void setStatus(long connectionId, String status) {
		ClosedSet.parse(ConnectionStatus.class, "status", status);
		this.jdbc
			.sql("UPDATE finance_connection SET status = ?, version = version + 1, updated_at = ? "
					+ "WHERE id = ? AND status <> ?")
			.params(status, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS), connectionId, status)
			.update();
	}

}
