package br.suite.audit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.DateTimes;
import br.suite.shared.Paging;
import tools.jackson.databind.json.JsonMapper;

/** Reads the audit log and re-checks its chain. */
@Service
class AuditEvents {

	private static final int BATCH = 1000;

	private static final int MAX_PROBLEMS = 100;

	private final JdbcClient jdbc;

	private final JsonMapper json;

	private final AuditLog log;

	AuditEvents(JdbcClient jdbc, JsonMapper json, AuditLog log) {
		this.jdbc = jdbc;
		this.json = json;
		this.log = log;
	}

	record Filter(@Nullable Long actorId, @Nullable String action, @Nullable String resourceType,
			@Nullable String resourceId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo) {
	}

	record Listing(List<AuditEventResponse> events, long total) {
	}

	@Transactional(readOnly = true)
	Listing list(Filter filter, Paging paging) {
		StringBuilder where = new StringBuilder(" WHERE true");
		Map<String, Object> params = new HashMap<>();
		if (filter.actorId() != null) {
			where.append(" AND actor_id = :actorId");
			params.put("actorId", filter.actorId());
		}
		if (filter.action() != null && !filter.action().isBlank()) {
			where.append(" AND action = :action");
			params.put("action", filter.action().trim());
		}
		if (filter.resourceType() != null && !filter.resourceType().isBlank()) {
			where.append(" AND resource_type = :resourceType");
			params.put("resourceType", filter.resourceType().trim());
		}
		if (filter.resourceId() != null && !filter.resourceId().isBlank()) {
			where.append(" AND resource_id = :resourceId");
			params.put("resourceId", filter.resourceId().trim());
		}
		if (filter.dateFrom() != null) {
			where.append(" AND at >= :from");
			params.put("from", Timestamp.from(filter.dateFrom().atStartOfDay(DateTimes.BRAZIL).toInstant()));
		}
		if (filter.dateTo() != null) {
			where.append(" AND at < :to");
			params.put("to", Timestamp.from(filter.dateTo().plusDays(1).atStartOfDay(DateTimes.BRAZIL).toInstant()));
		}
		List<AuditEventResponse> page = this.jdbc
			.sql("SELECT * FROM audit_event" + where + " ORDER BY id DESC" + paging.sql())
			.params(params)
			.query(this::event)
			.list();
		long total = paging.requested()
				? this.jdbc.sql("SELECT count(*) FROM audit_event" + where).params(params).query(Long.class).single()
				: page.size();
		return new Listing(page, total);
	}

	/**
	 * Recomputes every event's hash in id order, in batches, and checks the links, the gap-free ids and the
	 * chain head. A change made around the append-only trigger (by a superuser) shows here.
	 */
	@Transactional(readOnly = true)
	AuditChainReport verifyChain() {
		List<AuditChainReport.Problem> problems = new ArrayList<>();
		Head head = this.jdbc.sql("SELECT last_id, last_hash FROM audit_chain_head WHERE id = 1")
			.query((rs, n) -> new Head(rs.getLong("last_id"), rs.getString("last_hash")))
			.single();
		String previous = "0".repeat(64);
		long expectedId = 1;
		long checked = 0;
		while (true) {
			List<Stored> batch = this.jdbc.sql("SELECT *, changes::text AS changes_text FROM audit_event "
					+ "WHERE id >= :from AND id <= :last ORDER BY id LIMIT " + BATCH)
				.param("from", expectedId)
				.param("last", head.lastId())
				.query(AuditEvents::stored)
				.list();
			if (batch.isEmpty()) {
				break;
			}
			for (Stored event : batch) {
				checked++;
				if (event.id() != expectedId) {
					problem(problems, event.id(), "events " + expectedId + " to " + (event.id() - 1) + " are missing");
				}
				if (!event.previousHash().equals(previous)) {
					problem(problems, event.id(), "previous_hash does not match the hash of the event before it");
				}
				String recomputed = AuditLog.hash(this.log.canonical(event.previousHash(), event.id(),
						event.at().toInstant(), event.actorId(), event.actorName(), event.tokenId(),
						event.clientAddress(), event.requestId(), event.action(), event.resourceType(),
						event.resourceId(), event.changesText()));
				if (!recomputed.equals(event.hash())) {
					problem(problems, event.id(), "hash does not match the event's content");
				}
				previous = event.hash();
				expectedId = event.id() + 1;
			}
		}
		if (expectedId - 1 != head.lastId()) {
			problem(problems, head.lastId(), "events " + expectedId + " to " + head.lastId() + " are missing");
		}
		else if (!previous.equals(head.lastHash())) {
			problem(problems, head.lastId(), "the chain head's hash does not match the last event");
		}
		return new AuditChainReport(problems.isEmpty(), checked, head.lastId(), head.lastHash(), problems);
	}

	private static void problem(List<AuditChainReport.Problem> problems, long id, String text) {
		if (problems.size() < MAX_PROBLEMS) {
			problems.add(new AuditChainReport.Problem(id, text));
		}
	}

	private record Head(long lastId, String lastHash) {
	}

	private record Stored(long id, Timestamp at, @Nullable Long actorId, String actorName, @Nullable Long tokenId,
			@Nullable String clientAddress, @Nullable String requestId, String action, String resourceType,
			@Nullable String resourceId, String changesText, String previousHash, String hash) {
	}

	private static Stored stored(ResultSet rs, int n) throws SQLException {
		return new Stored(rs.getLong("id"), rs.getTimestamp("at"), rs.getObject("actor_id", Long.class),
				rs.getString("actor_name"), rs.getObject("token_id", Long.class), rs.getString("client_address"),
				rs.getString("request_id"), rs.getString("action"), rs.getString("resource_type"),
				rs.getString("resource_id"), rs.getString("changes_text"), rs.getString("previous_hash"),
				rs.getString("hash"));
	}

	private AuditEventResponse event(ResultSet rs, int n) throws SQLException {
		return new AuditEventResponse(rs.getLong("id"), rs.getTimestamp("at").toInstant(),
				rs.getObject("actor_id", Long.class), rs.getString("actor_name"), rs.getObject("token_id", Long.class),
				rs.getString("client_address"), rs.getString("request_id"), rs.getString("action"),
				rs.getString("resource_type"), rs.getString("resource_id"), this.json.readTree(rs.getString("changes")),
				rs.getString("previous_hash"), rs.getString("hash"));
	}

}
