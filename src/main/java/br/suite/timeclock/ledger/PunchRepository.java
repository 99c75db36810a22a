package br.suite.timeclock.ledger;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.shared.DateTimes;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.timeclock.biometrics.Images;

/**
 * The punch ledger's storage: punches (append-only) and each establishment's ledger head.
 * Written by hand rather than with Spring Data JDBC because a punch is never updated, its
 * snapshot's bytes are read only on request, {@code disregarded} is derived from the
 * adjustments, and appending takes the head's row lock first.
 */
@Repository
class PunchRepository {

	/**
	 * Every column of a punch but the snapshot's bytes, which only {@link #snapshot}
	 * reads.
	 */
	private static final String COLUMNS = "p.id, p.establishment_id, p.nsr, p.event_type, p.employee_id, "
			+ "p.employee_name, p.occurred_at, p.source, p.recognition_ok, p.recognition_distance, p.recognition_reason, "
			+ "p.recognition_threshold, p.needs_review, p.snapshot_type, p.snapshot_sha256, p.snapshot_purged_at, "
			+ "p.previous_hash, p.hash, p.time_zone, p.offline, p.recorded_at, p.employee_cpf, p.afd_line, p.afd_hash, "
			+ "EXISTS (SELECT 1 FROM timeclock_punch_adjustment a WHERE a.punch_id = p.id AND a.kind = 'disregard') "
			+ "AS disregarded";

	private static final String SELECT = "SELECT " + COLUMNS + " FROM timeclock_punch p";

	private static final String HEAD = "SELECT id, last_nsr, last_hash, last_afd_hash FROM timeclock_establishment "
			+ "WHERE id = :id";

	private final JdbcClient jdbc;

	PunchRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The establishment's ledger head, its row locked until the transaction ends: every
	 * writer of its NSR sequence queues here.
	 */
	LedgerHead lockHead(long establishmentId) {
		return this.jdbc.sql(HEAD + " FOR UPDATE").param("id", establishmentId).query(PunchRepository::head).single();
	}

	/** The establishment's ledger head as the transaction sees it, without a lock. */
	LedgerHead head(long establishmentId) {
		return this.jdbc.sql(HEAD).param("id", establishmentId).query(PunchRepository::head).single();
	}

	/**
	 * Appends the punch the locked head numbered and chained, and moves the head to it.
	 * The key and the snapshot's bytes are stored but never read back with the punch.
	 * @return the punch with its id
	 */
	Punch append(Punch punch, Images.@Nullable Image snapshot, @Nullable IdempotencyKey key) {
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_punch (establishment_id, nsr, event_type, employee_id, employee_name,
				    occurred_at, source, recognition_ok, recognition_distance, recognition_reason,
				    recognition_threshold, needs_review, snapshot, snapshot_type, snapshot_sha256, idempotency_key,
				    idempotency_user_id, previous_hash, hash, created_at, time_zone, offline, recorded_at,
				    employee_cpf, afd_line, afd_hash)
				VALUES (:establishment, :nsr, :eventType, :employeeId, :employeeName, :occurredAt, :source, :ok,
				    :distance, :reason, :threshold, :needsReview, :snapshot, :snapshotType, :snapshotSha256, :key,
				    :keyUser, :previousHash, :hash, now(), :timeZone, :offline, :recordedAt, :cpf, :afdLine,
				    :afdHash)
				RETURNING id""")
			.param("establishment", punch.establishmentId())
			.param("nsr", punch.nsr())
			.param("eventType", punch.eventType())
			.param("employeeId", punch.employeeId())
			.param("employeeName", punch.employeeName())
			.param("occurredAt", Timestamp.from(punch.occurredAt()))
			.param("source", punch.source())
			.param("ok", punch.recognitionOk())
			.param("distance", punch.recognitionDistance())
			.param("reason", punch.recognitionReason())
			.param("threshold", punch.recognitionThreshold())
			.param("needsReview", punch.needsReview())
			.param("snapshot", snapshot == null ? null : snapshot.bytes())
			.param("snapshotType", punch.snapshotType())
			.param("snapshotSha256", punch.snapshotSha256())
			.param("key", key == null ? null : key.value())
			.param("keyUser", key == null ? null : key.holderId())
			.param("previousHash", punch.previousHash())
			.param("hash", punch.hash())
			.param("timeZone", punch.timeZone().getId())
			.param("offline", punch.offline())
			.param("recordedAt", Timestamp.from(punch.recordedAt()))
			.param("cpf", punch.employeeCpf())
			.param("afdLine", punch.afdLine())
			.param("afdHash", punch.afdHash())
			.query(Long.class)
			.single();
		this.jdbc
			.sql("UPDATE timeclock_establishment SET last_nsr = :nsr, last_hash = :hash, last_afd_hash = :afdHash "
					+ "WHERE id = :id")
			.param("nsr", punch.nsr())
			.param("hash", punch.hash())
			.param("afdHash", punch.afdHash())
			.param("id", punch.establishmentId())
			.update();
		return punch.withId(id);
	}

	Optional<Punch> find(long id) {
		return this.jdbc.sql(SELECT + " WHERE p.id = :id").param("id", id).query(PunchRepository::punch).optional();
	}

	/** The punch the key's holder first recorded with it. */
	Optional<Punch> findByKey(IdempotencyKey key) {
		return this.jdbc.sql(SELECT + " WHERE p.idempotency_user_id = :caller AND p.idempotency_key = :key")
			.param("caller", key.holderId())
			.param("key", key.value())
			.query(PunchRepository::punch)
			.optional();
	}

	ListQuery.Page<Punch> list(PunchLedger.Filter filter, Paging paging) {
		ListQuery.Page<Punch> page = ListQuery.of(this.jdbc, COLUMNS, "timeclock_punch p")
			.where("p.employee_id = :employeeId", "employeeId", filter.employeeId())
			.where("p.occurred_at >= :from", "from",
					filter.dateFrom() == null ? null
							: Timestamp.from(filter.dateFrom().atStartOfDay(DateTimes.BRAZIL).toInstant()))
			.where("p.occurred_at < :to", "to",
					filter.dateTo() == null ? null
							: Timestamp.from(filter.dateTo().plusDays(1).atStartOfDay(DateTimes.BRAZIL).toInstant()))
			.where("p.recognition_ok = :ok", "ok", filter.recognitionOk())
			.where("p.needs_review = :review", "review", filter.needsReview())
			.orderBy("p.occurred_at, p.id")
			.page(paging, PunchRepository::punch);
		return new ListQuery.Page<Punch>(page.items(), page.total());
	}

	/** The employee's punches that occurred since the instant, newest first. */
	List<Punch> recentOf(long employeeId, Instant since) {
		return this.jdbc
			.sql(SELECT + " WHERE p.employee_id = :employeeId AND p.occurred_at >= :since "
					+ "ORDER BY p.occurred_at DESC, p.id DESC")
			.param("employeeId", employeeId)
			.param("since", Timestamp.from(since))
			.query(PunchRepository::punch)
			.list();
	}

	/** Hands the establishment's punches to the consumer in NSR order, one at a time. */
	void forEachInNsrOrder(long establishmentId, Consumer<Punch> consumer) {
		this.jdbc.sql(SELECT + " WHERE p.establishment_id = :id ORDER BY p.nsr")
			.param("id", establishmentId)
			.query((RowCallbackHandler) rs -> consumer.accept(punch(rs, rs.getRow())));
	}

	/** The NSRs of the establishment's other AFD records (types 2 and 5). */
	NavigableSet<Long> recordNsrs(long establishmentId) {
		return new TreeSet<>(this.jdbc.sql("SELECT nsr FROM timeclock_afd_record WHERE establishment_id = :id")
			.param("id", establishmentId)
			.query(Long.class)
			.list());
	}

	/** The stored snapshot and its media type, while retention keeps it. */
	Optional<Images.Image> snapshot(long id) {
		return this.jdbc
			.sql("SELECT snapshot, snapshot_type FROM timeclock_punch WHERE id = :id AND snapshot IS NOT NULL")
			.param("id", id)
			.query((rs, n) -> new Images.Image(rs.getBytes("snapshot"), rs.getString("snapshot_type")))
			.optional();
	}

	private static LedgerHead head(ResultSet rs, int n) throws SQLException {
		return new LedgerHead(rs.getLong("id"), rs.getLong("last_nsr"), rs.getString("last_hash"),
				rs.getString("last_afd_hash"));
	}

	private static Punch punch(ResultSet rs, int n) throws SQLException {
		Double distance = rs.getObject("recognition_distance", Double.class);
		Timestamp purged = rs.getTimestamp("snapshot_purged_at");
		Timestamp recorded = rs.getTimestamp("recorded_at");
		return new Punch(rs.getLong("id"), rs.getLong("establishment_id"), rs.getLong("nsr"),
				rs.getString("event_type"), rs.getLong("employee_id"), rs.getString("employee_name"),
				rs.getTimestamp("occurred_at").toInstant(), rs.getString("source"), rs.getBoolean("recognition_ok"),
				distance, rs.getString("recognition_reason"), rs.getDouble("recognition_threshold"),
				rs.getBoolean("needs_review"), rs.getString("snapshot_type"), rs.getString("snapshot_sha256"),
				purged == null ? null : purged.toInstant(), rs.getString("previous_hash"), rs.getString("hash"),
				rs.getBoolean("disregarded"),
				ZoneId.of(Objects.requireNonNullElse(rs.getString("time_zone"), DateTimes.BRAZIL_ZONE_ID)),
				rs.getBoolean("offline"),
				recorded == null ? rs.getTimestamp("occurred_at").toInstant() : recorded.toInstant(),
				rs.getString("employee_cpf"), rs.getString("afd_line"), rs.getString("afd_hash"));
	}

}
