package br.suite.timeclock.adjustment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.SeparationOfDuties;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.ledger.EventType;
import br.suite.timeclock.ledger.Punch;
import br.suite.timeclock.ledger.PunchLedger;

/**
 * Corrections of the ledger as records of their own (the AEJ's "I" included and "D"
 * disregarded marks), each with a mandatory reason; the punches themselves are never
 * touched.
 */
@Service
public class PunchAdjustments {

	enum Kind {

		INCLUDE, DISREGARD

	}

	private final JdbcClient jdbc;

	private final PunchLedger ledger;

	private final SeparationOfDuties duties;

	private final AuditLog audit;

	private final MonthClosings closings;

	PunchAdjustments(JdbcClient jdbc, PunchLedger ledger, SeparationOfDuties duties, AuditLog audit,
			MonthClosings closings) {
		this.closings = closings;
		this.audit = audit;
		this.jdbc = jdbc;
		this.ledger = ledger;
		this.duties = duties;
	}

	@Transactional
	public AdjustmentResponse record(AdjustmentRequest request, CurrentUser author) {
		return record(request, author, null);
	}

	/**
	 * Records the adjustment; {@code requestId} names the employee's approved request it
	 * comes from, if any.
	 */
	@Transactional
	public AdjustmentResponse record(AdjustmentRequest request, CurrentUser author, @Nullable Long requestId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Kind kind = ClosedSet.parse(Kind.class, "kind", request.kind(), errors);
		errors.throwIfAny();
		long employeeId;
		Long punchId = null;
		String eventType = null;
		Instant occurredAt = null;
		if (kind == Kind.DISREGARD) {
			if (request.punchId() == null) {
				throw InvalidRequest.of("punch_id", "is required to disregard a punch");
			}
			Punch punch = this.ledger.get(request.punchId())
				.orElseThrow(() -> InvalidRequest.of("punch_id", "punch " + request.punchId() + " does not exist"));
			if (punch.disregarded()) {
				throw new TimeclockProblems.AlreadyDisregarded(punch.id());
			}
			employeeId = punch.employeeId();
			punchId = punch.id();
			occurredAt = punch.occurredAt();
		}
		else {
			if (request.employeeId() == null) {
				errors.add("employee_id", "is required to include a punch");
			}
			if (request.eventType() == null) {
				errors.add("event_type", "is required to include a punch");
			}
			else {
				EventType parsed = ClosedSet.parse(EventType.class, "event_type", request.eventType(), errors);
				eventType = parsed == null ? null : ClosedSet.wire(parsed);
			}
			if (request.occurredAt() == null) {
				errors.add("occurred_at", "is required to include a punch");
			}
			else {
				occurredAt = request.occurredAt().toInstant().truncatedTo(ChronoUnit.MILLIS);
				if (occurredAt.isAfter(Instant.now())) {
					errors.add("occurred_at", "must not be in the future");
				}
			}
			this.ledger.employee("employee_id", request.employeeId(), errors);
			errors.throwIfAny();
			employeeId = request.employeeId();
		}
		if (employeeId == author.id() && this.duties.enforced()) {
			throw new TimeclockProblems.SelfAdjustment(employeeId);
		}
		this.closings.requireOpen(employeeId, occurredAt);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_punch_adjustment (kind, employee_id, punch_id, event_type, occurred_at, reason,
				    created_by, created_at, request_id)
				VALUES (:kind, :employeeId, :punchId, :eventType, :occurredAt, :reason, :createdBy, now(), :requestId)
				RETURNING id""")
			.param("kind", ClosedSet.wire(kind))
			.param("employeeId", employeeId)
			.param("punchId", punchId)
			.param("eventType", eventType)
			.param("occurredAt", kind == Kind.DISREGARD ? null : Timestamp.from(occurredAt))
			.param("reason", request.reason().strip())
			.param("createdBy", author.id())
			.param("requestId", requestId)
			.query(Long.class)
			.single();
		this.audit.record("timeclock.punch_adjustment.created", "punch_adjustment", id,
				AuditLog.Changes.of()
					.created("kind", ClosedSet.wire(kind))
					.created("employee_id", employeeId)
					.created("punch_id", punchId)
					.created("event_type", eventType)
					.created("occurred_at", kind == Kind.DISREGARD ? null : occurredAt.toString())
					.created("reason", request.reason().strip())
					.created("request_id", requestId));
		return get(id).orElseThrow();
	}

	@Transactional(readOnly = true)
	Optional<AdjustmentResponse> get(long id) {
		return this.jdbc.sql("SELECT * FROM timeclock_punch_adjustment WHERE id = :id")
			.param("id", id)
			.query(PunchAdjustments::adjustment)
			.optional();
	}

	@Transactional(readOnly = true)
	List<AdjustmentResponse> list(@Nullable Long employeeId, Paging paging) {
		Map<String, Object> params = new HashMap<>();
		String where = "";
		if (employeeId != null) {
			where = " WHERE employee_id = :employeeId";
			params.put("employeeId", employeeId);
		}
		return this.jdbc.sql("SELECT * FROM timeclock_punch_adjustment" + where + " ORDER BY id" + paging.sql())
			.params(params)
			.query(PunchAdjustments::adjustment)
			.list();
	}

	@Transactional(readOnly = true)
	long count(@Nullable Long employeeId) {
		return this.jdbc
			.sql("SELECT count(*) FROM timeclock_punch_adjustment"
					+ (employeeId == null ? "" : " WHERE employee_id = :e"))
			.params(employeeId == null ? Map.of() : Map.of("e", employeeId))
			.query(Long.class)
			.single();
	}

	private static AdjustmentResponse adjustment(ResultSet rs, int n) throws SQLException {
		Timestamp occurred = rs.getTimestamp("occurred_at");
		Instant occurredAt = occurred == null ? null : occurred.toInstant();
		return new AdjustmentResponse(rs.getLong("id"), rs.getString("kind"), rs.getLong("employee_id"),
				rs.getObject("punch_id", Long.class), rs.getString("event_type"), occurredAt,
				occurredAt == null ? null : occurredAt.atZone(DateTimes.BRAZIL).toOffsetDateTime(),
				rs.getString("reason"), rs.getLong("created_by"), rs.getTimestamp("created_at").toInstant(),
				rs.getObject("request_id", Long.class));
	}

}
