package br.suite.timeclock;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessDirectory;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.ListQuery;
import br.suite.shared.Paging;
import br.suite.shared.Sha256;

/**
 * Registers punches and reads the ledger. Face verification runs before the ledger is
 * locked; the NSR, the hash chain and the insert then happen in one short transaction
 * that holds the establishment's row, so NSRs never repeat or skip, even under concurrent
 * punches.
 */
@Service
class PunchLedger {

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

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	private final AccessDirectory users;

	private final FaceRecognition faces;

	private final ApplicationEventPublisher events;

	private final Establishments establishments;

	PunchLedger(JdbcClient jdbc, TransactionTemplate transactions, AccessDirectory users, FaceRecognition faces,
			Establishments establishments, ApplicationEventPublisher events) {
		this.events = events;
		this.jdbc = jdbc;
		this.establishments = establishments;
		this.transactions = transactions;
		this.users = users;
		this.faces = faces;
	}

	/**
	 * The punch and whether it was recorded by an earlier request with the same
	 * idempotency key.
	 */
	record Registration(Punch punch, boolean replayed) {
	}

	/**
	 * Records a punch. An idempotency key is the caller's own: the same caller sending it
	 * again with the same punch gets the first one back; with another punch, a 409.
	 * Another caller's keys are never looked at.
	 */
	Registration register(PunchRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		Instant recordedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Instant occurredAt = occurredAt(request, recordedAt, errors);
		EventType eventType = parseOrCollect(EventType.class, "event_type", request.eventType(), errors);
		PunchSource source = parseOrCollect(PunchSource.class, "source", request.source(), errors);
		AccessDirectory.UserSummary employee = employee("employee_id", request.employeeId(), errors);
		Images.Image snapshot = null;
		try {
			String text = request.snapshotBase64();
			snapshot = text == null ? null : Images.decodeBase64("snapshot_base64", text);
		}
		catch (InvalidRequest invalid) {
			invalid.errors().forEach((field, messages) -> messages.forEach(m -> errors.add(field, m)));
		}
		Establishment establishment = establishment(request, employee, errors);
		errors.throwIfAny();
		long establishmentId = establishment.id();
		String timeZone = establishment.timeZone().getId();
		String key = idempotencyKey == null || idempotencyKey.isBlank() ? null : idempotencyKey.trim();
		if (key != null && key.length() > 200) {
			throw InvalidRequest.of("Idempotency-Key", "must be at most 200 characters");
		}
		String snapshotSha256 = snapshot == null ? null : Sha256.hex(snapshot.bytes());
		Replay replay = new Replay(ClosedSet.wire(eventType), employee.id(), ClosedSet.wire(source), snapshotSha256);
		if (key != null) {
			Optional<Punch> earlier = findByKey(caller.id(), key);
			if (earlier.isPresent()) {
				return replay.of(earlier.get(), key);
			}
		}
		FaceRecognition.Result recognition = this.faces.recognize(employee.id(),
				snapshot == null ? null : snapshot.bytes());
		Images.Image image = snapshot;
		return this.transactions.execute(status -> {
			Ledger ledger = this.jdbc
				.sql("SELECT last_nsr, last_hash, last_afd_hash FROM timeclock_establishment WHERE id = :id FOR UPDATE")
				.param("id", establishmentId)
				.query((rs, n) -> new Ledger(rs.getLong("last_nsr"), rs.getString("last_hash"),
						rs.getString("last_afd_hash")))
				.single();
			if (key != null) {
				Optional<Punch> raced = findByKey(caller.id(), key);
				if (raced.isPresent()) {
					return replay.of(raced.get(), key);
				}
			}
			long nsr = ledger.lastNsr() + 1;
			String hash = Sha256.hex(
					Punch
						.canonical(nsr, establishmentId, ClosedSet.wire(eventType), employee.id(), occurredAt,
								ClosedSet.wire(source), recognition.ok(), recognition.distance(), snapshotSha256,
								ledger.lastHash())
						.getBytes(StandardCharsets.UTF_8));
			String afdLine = Afd.punchFields(nsr, occurredAt, employee.cpf(), recordedAt, establishment.timeZone(),
					ClosedSet.wire(source), Boolean.TRUE.equals(request.offline()));
			String afdHash = Afd.punchHash(afdLine, ledger.lastAfdHash());
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
				.param("establishment", establishmentId)
				.param("timeZone", timeZone)
				.param("offline", Boolean.TRUE.equals(request.offline()))
				.param("cpf", employee.cpf())
				.param("afdLine", afdLine)
				.param("afdHash", afdHash)
				.param("recordedAt", Timestamp.from(recordedAt))
				.param("nsr", nsr)
				.param("eventType", ClosedSet.wire(eventType))
				.param("employeeId", employee.id())
				.param("employeeName", employee.displayName())
				.param("occurredAt", Timestamp.from(occurredAt))
				.param("source", ClosedSet.wire(source))
				.param("ok", recognition.ok())
				.param("distance", recognition.distance())
				.param("reason", ClosedSet.wire(recognition.reason()))
				.param("threshold", recognition.threshold())
				.param("needsReview", !recognition.ok())
				.param("snapshot", image == null ? null : image.bytes())
				.param("snapshotType", image == null ? null : image.contentType())
				.param("snapshotSha256", snapshotSha256)
				.param("key", key)
				.param("keyUser", key == null ? null : caller.id())
				.param("previousHash", ledger.lastHash())
				.param("hash", hash)
				.query(Long.class)
				.single();
			this.jdbc
				.sql("UPDATE timeclock_establishment SET last_nsr = :nsr, last_hash = :hash, last_afd_hash = :afdHash "
						+ "WHERE id = :id")
				.param("nsr", nsr)
				.param("hash", hash)
				.param("afdHash", afdHash)
				.param("id", establishmentId)
				.update();
			// The punch as just written, from the values at hand: no re-read (the
			// snapshot would come straight back).
			boolean offline = Boolean.TRUE.equals(request.offline());
			Punch punch = new Punch(id, establishmentId, nsr, ClosedSet.wire(eventType), employee.id(),
					employee.displayName(), occurredAt, ClosedSet.wire(source), recognition.ok(),
					recognition.distance(), ClosedSet.wire(recognition.reason()), recognition.threshold(),
					!recognition.ok(), image == null ? null : image.contentType(), snapshotSha256, null,
					ledger.lastHash(), hash, false, establishment.timeZone(), offline, recordedAt, employee.cpf(),
					afdLine, afdHash);
			this.events.publishEvent(new PunchRegistered(punch.id(), punch.nsr(), punch.employeeId(), punch.eventType(),
					punch.occurredAt(), punch.source(), punch.recognitionOk(), !recognition.ok()));
			return new Registration(punch, false);
		});
	}

	record Filter(@Nullable Long employeeId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo,
			@Nullable Boolean recognitionOk, @Nullable Boolean needsReview) {
	}

	record Listing(List<Punch> punches, long total) {
	}

	@Transactional(readOnly = true)
	Listing list(Filter filter, Paging paging) {
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
			.page(paging, PunchLedger::punch);
		return new Listing(page.items(), page.total());
	}

	/** The employee's punches that occurred since the instant, newest first. */
	@Transactional(readOnly = true)
	List<Punch> recentOf(long employeeId, Instant since) {
		return this.jdbc
			.sql(SELECT + " WHERE p.employee_id = :employeeId AND p.occurred_at >= :since "
					+ "ORDER BY p.occurred_at DESC, p.id DESC")
			.param("employeeId", employeeId)
			.param("since", Timestamp.from(since))
			.query(PunchLedger::punch)
			.list();
	}

	@Transactional(readOnly = true)
	Optional<Punch> get(long id) {
		return this.jdbc.sql(SELECT + " WHERE p.id = :id").param("id", id).query(PunchLedger::punch).optional();
	}

	/** The stored snapshot and its media type, while retention keeps it. */
	@Transactional(readOnly = true)
	Optional<Images.Image> snapshot(long id) {
		return this.jdbc
			.sql("SELECT snapshot, snapshot_type FROM timeclock_punch WHERE id = :id AND snapshot IS NOT NULL")
			.param("id", id)
			.query((rs, n) -> new Images.Image(rs.getBytes("snapshot"), rs.getString("snapshot_type")))
			.optional();
	}

	/**
	 * Walks the ledger in NSR order, recomputing every hash and link. The NSR sequence is
	 * shared with the establishment's other AFD records (types 2 and 5): an NSR between
	 * two punches must be one of those. One snapshot for the punches, the records and the
	 * ledger's head, or a punch committed in between would look like a broken chain.
	 */
	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	ChainReport verifyChain(long establishmentId) {
		List<ChainReport.Problem> problems = new ArrayList<>();
		java.util.NavigableSet<Long> records = new java.util.TreeSet<>(
				this.jdbc.sql("SELECT nsr FROM timeclock_afd_record WHERE establishment_id = :id")
					.param("id", establishmentId)
					.query(Long.class)
					.list());
		long[] state = { 0, 0 };
		String[] previous = { Punch.GENESIS };
		this.jdbc.sql(SELECT + " WHERE p.establishment_id = :id ORDER BY p.nsr")
			.param("id", establishmentId)
			.query(PunchLedger::punch)
			.stream()
			.forEach(punch -> {
				state[0]++;
				long between = punch.nsr() <= state[1] + 1 ? 0 : punch.nsr() - state[1] - 1;
				if (records.contains(punch.nsr())
						|| records.subSet(state[1], false, punch.nsr(), false).size() != between) {
					problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
							"NSR " + punch.nsr() + " follows " + state[1] + ": records are missing"));
				}
				if (!punch.previousHash().equals(previous[0])) {
					problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
							"previous_hash does not match the hash of the punch before it"));
				}
				if (!punch.expectedHash().equals(punch.hash())) {
					problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
							"the stored hash does not match the punch's fields: the record was altered"));
				}
				state[1] = punch.nsr();
				previous[0] = punch.hash();
			});
		long lastNsr = records.isEmpty() ? state[1] : Math.max(state[1], records.last());
		if (records.subSet(state[1], false, lastNsr, true).size() != lastNsr - state[1]) {
			problems.add(new ChainReport.Problem(lastNsr, null,
					"the NSRs after " + state[1] + " have gaps: records are missing"));
		}
		Ledger head = this.jdbc
			.sql("SELECT last_nsr, last_hash, last_afd_hash FROM timeclock_establishment WHERE id = :id")
			.param("id", establishmentId)
			.query((rs, n) -> new Ledger(rs.getLong("last_nsr"), rs.getString("last_hash"),
					rs.getString("last_afd_hash")))
			.single();
		if (head.lastNsr() != lastNsr || !head.lastHash().equals(previous[0])) {
			problems.add(new ChainReport.Problem(head.lastNsr(), null, "the ledger's head (NSR " + head.lastNsr()
					+ ") is not the last record found (NSR " + lastNsr + ")"));
		}
		return new ChainReport(problems.isEmpty(), establishmentId, state[0], lastNsr, previous[0], problems);
	}

	private Optional<Punch> findByKey(long callerId, String key) {
		return this.jdbc.sql(SELECT + " WHERE p.idempotency_user_id = :caller AND p.idempotency_key = :key")
			.param("caller", callerId)
			.param("key", key)
			.query(PunchLedger::punch)
			.optional();
	}

	/** What a retry must repeat to be answered with the punch its key first recorded. */
	private record Replay(String eventType, long employeeId, String source, @Nullable String snapshotSha256) {

		Registration of(Punch earlier, String key) {
			if (!earlier.eventType().equals(this.eventType) || earlier.employeeId() != this.employeeId
					|| !earlier.source().equals(this.source)
					|| !Objects.equals(earlier.snapshotSha256(), this.snapshotSha256)) {
				throw new TimeclockProblems.IdempotencyKeyReused(key);
			}
			return new Registration(earlier, true);
		}

	}

	AccessDirectory.UserSummary employee(String field, @Nullable Long id, InvalidRequest.Builder errors) {
		if (id == null) {
			return null;
		}
		Optional<AccessDirectory.UserSummary> user = this.users.find(id);
		if (user.isEmpty()) {
			errors.add(field, "user " + id + " does not exist");
		}
		else if (!user.get().active()) {
			errors.add(field, "user " + id + " is not active");
		}
		else if (!user.get().isEmployee()) {
			errors.add(field, "user " + id + " is not an employee (is_employee is false)");
		}
		return user.orElse(null);
	}

	static final Duration OFFLINE_WINDOW = Duration.ofDays(7);

	/**
	 * The server's clock for an on-line punch; for an off-line one the collector's time,
	 * which must not be in the future nor more than 7 days before the server received it.
	 */
	private static Instant occurredAt(PunchRequest request, Instant recordedAt, InvalidRequest.Builder errors) {
		if (!Boolean.TRUE.equals(request.offline())) {
			if (request.occurredAt() != null) {
				errors.add("occurred_at",
						"is only accepted with offline: true (on-line punches take the server's clock)");
			}
			return recordedAt;
		}
		if (request.occurredAt() == null) {
			errors.add("occurred_at", "is required for an offline punch: the collector's time of the punch");
			return recordedAt;
		}
		Instant at = request.occurredAt().toInstant().truncatedTo(ChronoUnit.MILLIS);
		if (at.isAfter(recordedAt)) {
			errors.add("occurred_at", "must not be in the future");
		}
		else if (at.isBefore(recordedAt.minus(OFFLINE_WINDOW))) {
			errors.add("occurred_at", "must be at most 7 days back");
		}
		return at;
	}

	/**
	 * The request's establishment, else the employee's, else establishment 1; it must
	 * exist and be active.
	 */
	private Establishment establishment(PunchRequest request, AccessDirectory.@Nullable UserSummary employee,
			InvalidRequest.Builder errors) {
		Long id = request.establishmentId();
		if (id == null) {
			id = employee != null && employee.establishmentId() != null ? employee.establishmentId()
					: Establishments.DEFAULT;
		}
		Optional<Establishment> found = this.establishments.find(id);
		if (found.isEmpty()) {
			errors.add("establishment_id", "establishment " + id + " does not exist");
		}
		else if (!found.get().active()) {
			errors.add("establishment_id", "establishment " + id + " is not active");
		}
		return found.orElse(null);
	}

	static <E extends Enum<E>> E parseOrCollect(Class<E> type, String field, String value,
			InvalidRequest.Builder errors) {
		try {
			return ClosedSet.parse(type, field, value);
		}
		catch (InvalidRequest invalid) {
			invalid.errors().forEach((f, messages) -> messages.forEach(m -> errors.add(f, m)));
			return null;
		}
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

	private record Ledger(long lastNsr, String lastHash, String lastAfdHash) {
	}

}
