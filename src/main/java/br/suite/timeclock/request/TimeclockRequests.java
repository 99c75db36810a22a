package br.suite.timeclock.request;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.SeparationOfDuties;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.DateSpans;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.TimeclockRequestChanged;
import br.suite.timeclock.absence.AbsenceRequest;
import br.suite.timeclock.absence.Absences;
import br.suite.timeclock.adjustment.AdjustmentRequest;
import br.suite.timeclock.adjustment.PunchAdjustments;
import br.suite.timeclock.jornada.AbsenceKind;
import br.suite.timeclock.ledger.EventType;
import br.suite.timeclock.ledger.Punch;
import br.suite.timeclock.ledger.PunchLedger;

/**
 * Employees' requests (issue 27 item 1): an employee asks, a manager approves or refuses
 * once. Approving applies the request through the adjustment or absence services, in the
 * same transaction, with the request as the origin of what they write.
 */
@Service
class TimeclockRequests {

	enum Kind {

		INCLUDE_MARK, DISREGARD_MARK, ABSENCE, OVERTIME

	}

	static final int MAX_REASON = 500;

	static final int MAX_COMMENT = 1000;

	private static final String COLUMNS = "id, employee_id, kind, status, reason, occurred_at, event_type, punch_id, "
			+ "date_from, date_to, absence_kind, certificate IS NOT NULL AS has_certificate, certificate_content_type, "
			+ "certificate_sha256, overtime_minutes, created_at, decided_by, decided_at, decision_comment, "
			+ "adjustment_id, absence_id";

	private final JdbcClient jdbc;

	private final AccessDirectory users;

	private final PunchLedger ledger;

	private final PunchAdjustments adjustments;

	private final Absences absences;

	private final SeparationOfDuties duties;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	private final MonthClosings closings;

	TimeclockRequests(JdbcClient jdbc, AccessDirectory users, PunchLedger ledger, PunchAdjustments adjustments,
			Absences absences, SeparationOfDuties duties, AuditLog audit, ApplicationEventPublisher events,
			MonthClosings closings) {
		this.closings = closings;
		this.jdbc = jdbc;
		this.users = users;
		this.ledger = ledger;
		this.adjustments = adjustments;
		this.absences = absences;
		this.duties = duties;
		this.audit = audit;
		this.events = events;
	}

	@Transactional(readOnly = true)
	ListQuery.Page<TimeclockRequestResponse> list(@Nullable Long employeeId, @Nullable String status,
			@Nullable String kind, Paging paging, boolean newestFirst) {
		ListQuery.Page<TimeclockRequestResponse> page = ListQuery.of(this.jdbc, COLUMNS, "timeclock_request")
			.where("employee_id = :employee", "employee", employeeId)
			.where("status = :status", "status", status)
			.where("kind = :kind", "kind", kind)
			.orderBy(newestFirst ? "id DESC" : "id")
			.page(paging, (rs, n) -> response(rs));
		return page;
	}

	@Transactional(readOnly = true)
	TimeclockRequestResponse get(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_request WHERE id = :id")
			.param("id", id)
			.query((rs, n) -> response(rs))
			.optional()
			.orElseThrow(() -> new TimeclockRequestProblems.RequestNotFound(id));
	}

	/** The caller asks; only for themselves, and only as an employee. */
	@Transactional
	TimeclockRequestResponse create(TimeclockRequestBody body, CurrentUser caller) {
		AccessDirectory.UserSummary user = this.users.find(caller.id()).orElse(null);
		if (user == null || !user.isEmployee()) {
			throw new TimeclockRequestProblems.NotAnEmployee(caller.id());
		}
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Kind kind = ClosedSet.required(Kind.class, "kind", body.kind(), errors);
		if (body.reason().isEmpty()) {
			errors.add("reason", "is required");
		}
		else if (body.reason().length() > MAX_REASON) {
			errors.add("reason", "at most " + MAX_REASON + " characters");
		}
		errors.throwIfAny();
		Instant occurredAt = null;
		String eventType = null;
		Long punchId = null;
		LocalDate from = null;
		LocalDate to = null;
		String absenceKind = null;
		Integer minutes = null;
		switch (kind) {
			case INCLUDE_MARK -> {
				if (body.occurredAt() == null) {
					errors.add("occurred_at", "is required to include a mark");
				}
				else {
					occurredAt = body.occurredAt().toInstant().truncatedTo(ChronoUnit.MILLIS);
					if (occurredAt.isAfter(Instant.now())) {
						errors.add("occurred_at", "must not be in the future");
					}
				}
				if (body.eventType() == null) {
					errors.add("event_type", "is required to include a mark");
				}
				else {
					EventType type = ClosedSet.parse(EventType.class, "event_type", body.eventType(), errors);
					eventType = type == null ? null : ClosedSet.wire(type);
				}
			}
			case DISREGARD_MARK -> {
				// Another employee's punch is answered like a punch that does not exist.
				Punch punch = body.punchId() == null ? null
						: this.ledger.get(body.punchId()).filter(p -> p.employeeId() == caller.id()).orElse(null);
				if (body.punchId() == null) {
					errors.add("punch_id", "is required to disregard a mark");
				}
				else if (punch == null) {
					errors.add("punch_id", "you have no punch " + body.punchId());
				}
				else if (punch.disregarded()) {
					throw new TimeclockProblems.AlreadyDisregarded(punch.id());
				}
				else {
					punchId = punch.id();
					occurredAt = punch.occurredAt();
				}
			}
			case ABSENCE -> {
				from = body.dateFrom();
				to = body.dateTo();
				DateSpans.check(from, to, Absences.MAX_DAYS, errors);
				AbsenceKind absence = body.absenceKind() == null ? null : AbsenceKind.fromWire(body.absenceKind());
				if (absence == null || absence == AbsenceKind.FALTA) {
					errors.add("absence_kind", "must be atestado, ferias, licenca, folga or falta_justificada");
				}
				else {
					absenceKind = absence.wire();
				}
			}
			case OVERTIME -> {
				from = body.date();
				to = from;
				minutes = body.minutes();
				if (from == null) {
					errors.add("date", "is required (YYYY-MM-DD)");
				}
				if (minutes == null || minutes < 1 || minutes > 720) {
					errors.add("minutes", "must be between 1 and 720");
				}
			}
		}
		errors.throwIfAny();
		requireOpen(caller.id(), occurredAt, from, to);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_request (employee_id, kind, reason, occurred_at, event_type, punch_id, date_from,
				    date_to, absence_kind, overtime_minutes)
				VALUES (:employee, :kind, :reason, :occurredAt, :eventType, :punchId, :from, :to, :absenceKind,
				    :minutes) RETURNING id""")
			.param("employee", caller.id())
			.param("kind", ClosedSet.wire(kind))
			.param("reason", body.reason())
			.param("occurredAt", kind == Kind.INCLUDE_MARK ? Timestamp.from(occurredAt) : null)
			.param("eventType", eventType)
			.param("punchId", punchId)
			.param("from", from)
			.param("to", to)
			.param("absenceKind", absenceKind)
			.param("minutes", minutes)
			.query(Long.class)
			.single();
		this.audit.record("timeclock.request.created", "request", id,
				AuditLog.Changes.of()
					.created("employee_id", caller.id())
					.created("kind", ClosedSet.wire(kind))
					.created("occurred_at", kind == Kind.INCLUDE_MARK ? occurredAt.toString() : null)
					.created("event_type", eventType)
					.created("punch_id", punchId)
					.created("date_from", from == null ? null : from.toString())
					.created("date_to", to == null ? null : to.toString())
					.created("absence_kind", absenceKind)
					.created("minutes", minutes));
		return published(get(id), "created");
	}

	/**
	 * Approves (applying the request) or refuses it. The row is locked first, so two
	 * managers deciding at once decide it once: the second gets 409 request_decided.
	 */
	@Transactional
	TimeclockRequestResponse decide(long id, boolean approve, DecisionBody body, CurrentUser caller) {
		TimeclockRequestResponse request = locked(id);
		if (!"pending".equals(request.status())) {
			throw new TimeclockRequestProblems.RequestDecided(id, request.status());
		}
		if (request.employeeId() == caller.id() && this.duties.enforced()) {
			throw new TimeclockRequestProblems.SelfDecision(id);
		}
		if (body.comment().length() > MAX_COMMENT) {
			throw InvalidRequest.of("comment", "at most " + MAX_COMMENT + " characters");
		}
		if (!approve && body.comment().isEmpty()) {
			throw InvalidRequest.of("comment", "is required to refuse a request");
		}
		// The approval takes the certificate the manager read: the row is locked, so the
		// file checked here is the file copied below.
		if (approve && request.hasCertificate()) {
			if (body.certificateSha256() == null) {
				throw InvalidRequest.of("certificate_sha256",
						"is required to approve a request with a certificate: the certificate_sha256 of the file read");
			}
			if (!body.certificateSha256().equals(request.certificateSha256())) {
				throw new TimeclockRequestProblems.CertificateChanged(id);
			}
		}
		// A closed month's figures are frozen: deciding (approving or refusing) waits for
		// a reopening, so the request stays pending.
		Instant at = request.occurredAt();
		if ("disregard_mark".equals(request.kind())) {
			at = this.ledger.get(request.punchId()).orElseThrow().occurredAt();
		}
		LocalDate from = request.dateFrom() != null ? request.dateFrom() : request.date();
		LocalDate to = request.dateTo() != null ? request.dateTo() : request.date();
		requireOpen(request.employeeId(), at, from, to);
		Long adjustmentId = null;
		Long absenceId = null;
		if (approve) {
			String origin = request.reason() + " (solicitação " + id + ")";
			switch (ClosedSet.parse(Kind.class, "kind", request.kind())) {
				case INCLUDE_MARK ->
					adjustmentId = this.adjustments
						.record(new AdjustmentRequest("include", null, request.employeeId(), request.eventType(),
								request.occurredAt().atZone(DateTimes.BRAZIL).toOffsetDateTime(), origin), caller, id)
						.id();
				case DISREGARD_MARK -> adjustmentId = this.adjustments
					.record(new AdjustmentRequest("disregard", request.punchId(), null, null, null, origin), caller, id)
					.id();
				case ABSENCE -> {
					absenceId = this.absences
						.create(new AbsenceRequest(request.employeeId(), request.dateFrom(), request.dateTo(),
								request.absenceKind(), request.reason()), caller.id(), id)
						.id();
					if (request.hasCertificate()) {
						byte[] certificate = certificateBytes(id);
						if (!Sha256.hex(certificate).equals(body.certificateSha256())) {
							throw new TimeclockRequestProblems.CertificateChanged(id);
						}
						this.absences.attach(absenceId, certificate);
					}
				}
				case OVERTIME -> {
					// A pre-approval is the record itself: the computation counts every
					// minute worked, approved or not (docs/api.md § Requests).
				}
			}
		}
		String status = approve ? "approved" : "refused";
		this.jdbc.sql("""
				UPDATE timeclock_request SET status = :status, decided_by = :by, decided_at = now(),
				    decision_comment = :comment, adjustment_id = :adjustment, absence_id = :absence WHERE id = :id""")
			.param("status", status)
			.param("by", caller.id())
			.param("comment", body.comment())
			.param("adjustment", adjustmentId)
			.param("absence", absenceId)
			.param("id", id)
			.update();
		this.audit.record("timeclock.request." + status, "request", id,
				AuditLog.Changes.of()
					.put("status", "pending", status)
					.put("decision_comment", null, body.comment())
					.put("adjustment_id", null, adjustmentId)
					.put("absence_id", null, absenceId));
		return published(get(id), status);
	}

	/**
	 * 409 {@code month_closed} when the request touches a closed month of the employee:
	 * the instant of a mark, or the dates of an absence or overtime.
	 */
	private void requireOpen(long employeeId, @Nullable Instant at, @Nullable LocalDate from, @Nullable LocalDate to) {
		if (at != null) {
			this.closings.requireOpen(employeeId, at);
		}
		if (from != null && to != null) {
			this.closings.requireOpen(employeeId, from, to);
		}
	}

	TimeclockRequestResponse locked(long id) {
		this.jdbc.sql("SELECT id FROM timeclock_request WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(Long.class)
			.optional()
			.orElseThrow(() -> new TimeclockRequestProblems.RequestNotFound(id));
		return get(id);
	}

	byte[] certificateBytes(long id) {
		return this.jdbc.sql("SELECT certificate FROM timeclock_request WHERE id = :id")
			.param("id", id)
			.query(byte[].class)
			.single();
	}

	private TimeclockRequestResponse published(TimeclockRequestResponse request, String action) {
		this.events.publishEvent(new TimeclockRequestChanged(request.id(), request.employeeId(), request.kind(),
				request.status(), action, request.decidedBy(), Instant.now()));
		return request;
	}

	private static TimeclockRequestResponse response(ResultSet rs) throws SQLException {
		Timestamp occurred = rs.getTimestamp("occurred_at");
		Timestamp decided = rs.getTimestamp("decided_at");
		boolean overtime = "overtime".equals(rs.getString("kind"));
		LocalDate from = rs.getObject("date_from", LocalDate.class);
		return new TimeclockRequestResponse(rs.getLong("id"), rs.getLong("employee_id"), rs.getString("kind"),
				rs.getString("status"), rs.getString("reason"), occurred == null ? null : occurred.toInstant(),
				rs.getString("event_type"), rs.getObject("punch_id", Long.class), overtime ? null : from,
				overtime ? null : rs.getObject("date_to", LocalDate.class), rs.getString("absence_kind"),
				rs.getBoolean("has_certificate"), rs.getString("certificate_content_type"),
				rs.getString("certificate_sha256"), overtime ? from : null,
				rs.getObject("overtime_minutes", Integer.class), rs.getTimestamp("created_at").toInstant(),
				rs.getObject("decided_by", Long.class), decided == null ? null : decided.toInstant(),
				rs.getString("decision_comment"), rs.getObject("adjustment_id", Long.class),
				rs.getObject("absence_id", Long.class));
	}

}
