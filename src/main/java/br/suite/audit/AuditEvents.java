package br.suite.audit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.DateTimes;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import tools.jackson.databind.json.JsonMapper;

/** Reads the audit log and re-checks its chain. */
@Service
class AuditEvents {

	private static final int BATCH = 1000;

	private static final int MAX_PROBLEMS = 100;

	private final JdbcClient jdbc;

	private final JsonMapper json;

	private final AuditLog log;

	private final AuditCheckpoints checkpoints;

	private final AuditSettings settings;

	AuditEvents(JdbcClient jdbc, JsonMapper json, AuditLog log, AuditCheckpoints checkpoints, AuditSettings settings) {
		this.jdbc = jdbc;
		this.json = json;
		this.log = log;
		this.checkpoints = checkpoints;
		this.settings = settings;
	}

	record Filter(@Nullable Long actorId, @Nullable String action, @Nullable String resourceType,
			@Nullable String resourceId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<AuditEventResponse> list(Filter filter, Paging paging) {
		ListQuery.Page<AuditEventResponse> page = ListQuery.of(this.jdbc, "*", "audit_event")
			.where("actor_id = :actorId", "actorId", filter.actorId())
			.where("action = :action", "action", trimmed(filter.action()))
			.where("resource_type = :resourceType", "resourceType", trimmed(filter.resourceType()))
			.where("resource_id = :resourceId", "resourceId", trimmed(filter.resourceId()))
			.where("at >= :from", "from",
					filter.dateFrom() == null ? null
							: Timestamp.from(filter.dateFrom().atStartOfDay(DateTimes.BRAZIL).toInstant()))
			.where("at < :to", "to",
					filter.dateTo() == null ? null
							: Timestamp.from(filter.dateTo().plusDays(1).atStartOfDay(DateTimes.BRAZIL).toInstant()))
			.orderBy("id DESC")
			.page(paging, this::event);
		return page;
	}

	private static @Nullable String trimmed(@Nullable String value) {
		return value == null || value.isBlank() ? null : value.trim();
	}

	/**
	 * Recomputes every sealed event's hash in chain order, in batches, and checks the
	 * links, the gap-free chain positions and the chain head. A change made around the
	 * append-only trigger (by a superuser) shows here. The tail is checked against the
	 * latest checkpoint kept outside the database: events cut from the end (with the head
	 * moved back) show too. Events not sealed yet are counted; one left unsealed longer
	 * than {@code seal-lag-limit} is a problem (the sequencer is not running).
	 */
	@Transactional(readOnly = true)
	AuditChainReport verifyChain() {
		List<AuditChainReport.Problem> problems = new ArrayList<>();
		Head head = this.jdbc.sql("SELECT last_id, last_seq, last_hash FROM audit_chain_head WHERE id = 1")
			.query((rs, n) -> new Head(rs.getLong("last_id"), rs.getLong("last_seq"), rs.getString("last_hash")))
			.single();
		String previous = "0".repeat(64);
		long expectedSeq = 1;
		long checked = 0;
		while (true) {
			List<Stored> batch = this.jdbc
				.sql("SELECT *, changes::text AS changes_text FROM audit_event "
						+ "WHERE chain_seq >= :from AND chain_seq <= :last ORDER BY chain_seq LIMIT " + BATCH)
				.param("from", expectedSeq)
				.param("last", head.lastSeq())
				.query(AuditEvents::stored)
				.list();
			if (batch.isEmpty()) {
				break;
			}
			for (Stored event : batch) {
				checked++;
				long seq = Objects.requireNonNull(event.chainSeq());
				// Null only if the table's check was removed as well: a mismatch, not a
				// crash.
				String hash = Objects.requireNonNullElse(event.hash(), "");
				String previousHash = Objects.requireNonNullElse(event.previousHash(), "");
				if (seq != expectedSeq) {
					problem(problems, event.id(),
							"the events at chain positions " + expectedSeq + " to " + (seq - 1) + " are missing");
				}
				if (!previousHash.equals(previous)) {
					problem(problems, event.id(), "previous_hash does not match the hash of the event before it");
				}
				String recomputed = AuditLog.hash(this.log.canonical(previousHash, event.id(), event.at().toInstant(),
						event.actorId(), event.actorName(), event.tokenId(), event.clientAddress(), event.requestId(),
						event.action(), event.resourceType(), event.resourceId(), event.changesText()));
				if (!recomputed.equals(hash)) {
					problem(problems, event.id(), "hash does not match the event's content");
				}
				previous = hash;
				expectedSeq = seq + 1;
			}
		}
		if (expectedSeq - 1 != head.lastSeq()) {
			problem(problems, head.lastId(),
					"the events at chain positions " + expectedSeq + " to " + head.lastSeq() + " are missing");
		}
		else if (!previous.equals(head.lastHash())) {
			problem(problems, head.lastId(), "the chain head's hash does not match the last event");
		}
		Unsealed unsealed = this.jdbc
			.sql("SELECT count(*) AS n, min(at) AS oldest, min(id) AS first FROM audit_event WHERE chain_seq IS NULL")
			.query((rs, n) -> new Unsealed(rs.getLong("n"),
					rs.getTimestamp("oldest") == null ? null : rs.getTimestamp("oldest").toInstant(),
					rs.getLong("first")))
			.single();
		Instant oldest = unsealed.oldest();
		if (oldest != null && oldest.isBefore(Instant.now().minus(this.settings.sealLagLimit()))) {
			problem(problems, unsealed.firstId(), unsealed.count() + " events are not chained, the oldest since "
					+ oldest + ": the sequencer is not running or a transaction has been open since then");
		}
		AuditChainReport.Checkpoint anchor = null;
		Optional<AuditCheckpoints.Read> read = this.checkpoints.read();
		if (read.isPresent()) {
			AuditCheckpoints.Checkpoint checkpoint = read.get().checkpoint();
			if (checkpoint == null) {
				problems.add(0, new AuditChainReport.Problem(0, Objects.requireNonNull(read.get().problem())));
			}
			else {
				anchor = new AuditChainReport.Checkpoint(checkpoint.lastId(), checkpoint.lastHash(), checkpoint.at());
				this.checkpoints.check(checkpoint)
					.ifPresent(problem -> problems.add(0, new AuditChainReport.Problem(checkpoint.lastId(), problem)));
				Long position = this.jdbc.sql("SELECT chain_seq FROM audit_event WHERE id = :id")
					.param("id", checkpoint.lastId())
					.query(Long.class)
					.optional()
					.orElse(null);
				if (position != null && position > head.lastSeq()) {
					problems.add(0, new AuditChainReport.Problem(checkpoint.lastId(), "the chain head (event "
							+ head.lastId() + ") is older than the checkpoint taken at " + checkpoint.at()));
				}
			}
		}
		return new AuditChainReport(problems.isEmpty(), checked, head.lastId(), head.lastHash(), head.lastSeq(),
				unsealed.count(), oldest, anchor, problems);
	}

	private static void problem(List<AuditChainReport.Problem> problems, long id, String text) {
		if (problems.size() < MAX_PROBLEMS) {
			problems.add(new AuditChainReport.Problem(id, text));
		}
	}

	private record Head(long lastId, long lastSeq, String lastHash) {
	}

	private record Unsealed(long count, @Nullable Instant oldest, long firstId) {
	}

	/** An event as stored; chain position and hashes null until sealed. */
	record Stored(long id, Timestamp at, @Nullable Long actorId, String actorName, @Nullable Long tokenId,
			@Nullable String clientAddress, @Nullable String requestId, String action, String resourceType,
			@Nullable String resourceId, String changesText, @Nullable Long chainSeq, @Nullable String previousHash,
			@Nullable String hash) {
	}

	static Stored stored(ResultSet rs, int n) throws SQLException {
		return new Stored(rs.getLong("id"), rs.getTimestamp("at"), rs.getObject("actor_id", Long.class),
				rs.getString("actor_name"), rs.getObject("token_id", Long.class), rs.getString("client_address"),
				rs.getString("request_id"), rs.getString("action"), rs.getString("resource_type"),
				rs.getString("resource_id"), rs.getString("changes_text"), rs.getObject("chain_seq", Long.class),
				rs.getString("previous_hash"), rs.getString("hash"));
	}

	private AuditEventResponse event(ResultSet rs, int n) throws SQLException {
		return new AuditEventResponse(rs.getLong("id"), rs.getTimestamp("at").toInstant(),
				rs.getObject("actor_id", Long.class), rs.getString("actor_name"), rs.getObject("token_id", Long.class),
				rs.getString("client_address"), rs.getString("request_id"), rs.getString("action"),
				rs.getString("resource_type"), rs.getString("resource_id"), this.json.readTree(rs.getString("changes")),
				rs.getString("previous_hash"), rs.getString("hash"));
	}

}
