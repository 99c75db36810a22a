package br.suite.timeclock.absence;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.DateSpans;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.jornada.Absence;
import br.suite.timeclock.jornada.AbsenceKind;

/**
 * Absences (jornada-clt.md §8): whole dates of one employee, one kind; at most one
 * absence per date. The certificate (PDF, JPEG or PNG, checked by its first bytes) is
 * health data: read with {@code timeclock.certificates.view}, every read audited.
 */
@Service
public class Absences {

	public static final int MAX_DAYS = 366;

	static final long MAX_CERTIFICATE_BYTES = 8 * 1024 * 1024;

	private final AbsenceRepository absences;

	private final AuditLog audit;

	private final AccessDirectory users;

	private final MonthClosings closings;

	Absences(AbsenceRepository absences, AuditLog audit, AccessDirectory users, MonthClosings closings) {
		this.closings = closings;
		this.absences = absences;
		this.audit = audit;
		this.users = users;
	}

	@Transactional(readOnly = true)
	ListQuery.Page<AbsenceResponse> list(@Nullable Long employeeId, @Nullable LocalDate from, @Nullable LocalDate to,
			Paging paging) {
		return this.absences.list(employeeId, from, to, paging);
	}

	@Transactional(readOnly = true)
	AbsenceResponse get(long id) {
		return this.absences.find(id).orElseThrow(() -> new TimeclockProblems.AbsenceNotFound(id));
	}

	@Transactional
	public AbsenceResponse create(AbsenceRequest request, long actorId) {
		return create(request, actorId, null);
	}

	/**
	 * Records the absence; {@code requestId} names the employee's approved request it
	 * comes from, if any.
	 */
	@Transactional
	public AbsenceResponse create(AbsenceRequest request, long actorId, @Nullable Long requestId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.employeeId() == null) {
			errors.add("employee_id", "is required");
		}
		else {
			AccessDirectory.UserSummary user = this.users.find(request.employeeId()).orElse(null);
			if (user == null || !user.isEmployee()) {
				errors.add("employee_id", "user " + request.employeeId() + " is not an employee");
			}
		}
		DateSpans.check(request.dateFrom(), request.dateTo(), MAX_DAYS, errors);
		AbsenceKind kind = request.kind() == null ? null : AbsenceKind.fromWire(request.kind());
		if (kind == null) {
			errors.add("kind", "must be atestado, ferias, licenca, folga, falta_justificada or falta");
		}
		if (request.note().length() > 500) {
			errors.add("note", "at most 500 characters");
		}
		errors.throwIfAny();
		this.closings.requireOpen(request.employeeId(), request.dateFrom(), request.dateTo());
		// One absence per date: serialise the employee's absences, then look for an
		// overlap.
		this.absences.lockEmployee(request.employeeId());
		Long overlapping = this.absences.overlapping(request.employeeId(), request.dateFrom(), request.dateTo())
			.orElse(null);
		if (overlapping != null) {
			throw new TimeclockProblems.AbsenceOverlaps(overlapping);
		}
		long id = this.absences.insert(request.employeeId(), request.dateFrom(), request.dateTo(), kind, request.note(),
				actorId, requestId);
		this.audit.record("timeclock.absence.created", "absence", id,
				AuditLog.Changes.of()
					.created("employee_id", request.employeeId())
					.created("date_from", request.dateFrom().toString())
					.created("date_to", request.dateTo().toString())
					.created("kind", kind.wire())
					.created("note", request.note())
					.created("request_id", requestId));
		return get(id);
	}

	@Transactional
	void delete(long id) {
		AbsenceResponse absence = get(id);
		this.closings.requireOpen(absence.employeeId(), absence.dateFrom(), absence.dateTo());
		this.absences.delete(id);
		this.audit.record("timeclock.absence.deleted", "absence", id,
				AuditLog.Changes.of()
					.put("employee_id", absence.employeeId(), null)
					.put("date_from", absence.dateFrom().toString(), null)
					.put("date_to", absence.dateTo().toString(), null)
					.put("kind", absence.kind(), null));
	}

	/** Attaches (or replaces) the certificate file. */
	@Transactional
	public AbsenceResponse attach(long id, byte @Nullable [] body) {
		get(id);
		Certificate certificate = Certificate.checked(body);
		this.absences.attach(id, certificate);
		this.audit.record("timeclock.absence.certificate_attached", "absence", id, certificate.attached());
		return get(id);
	}

	/** The certificate and its type; the read is audited (health data, LGPD art. 11). */
	public record Certificate(byte[] bytes, String contentType) {

		/**
		 * A body sent as a medical certificate: a PDF, JPEG or PNG file of at most
		 * {@link #MAX_CERTIFICATE_BYTES}, else refused naming {@code certificate}.
		 */
		public static Certificate checked(byte @Nullable [] body) {
			String type = body == null ? null : Absences.contentType(body);
			if (body == null || body.length == 0) {
				throw InvalidRequest.of("certificate", "the body is the file: a PDF, JPEG or PNG");
			}
			if (body.length > MAX_CERTIFICATE_BYTES) {
				throw InvalidRequest.of("certificate", "at most " + MAX_CERTIFICATE_BYTES + " bytes");
			}
			if (type == null) {
				throw InvalidRequest.of("certificate", "must be a PDF, JPEG or PNG file");
			}
			return new Certificate(body, type);
		}

		/** The columns an attachment sets on row {@code id}: body, type, sha and id. */
		public Map<String, Object> columns(long id) {
			return Map.of("body", this.bytes, "type", this.contentType, "sha", Sha256.hex(this.bytes), "id", id);
		}

		/** The audit event's changes: the file's SHA-256 and type, never its bytes. */
		public AuditLog.Changes attached() {
			return AuditLog.Changes.of()
				.put("certificate_sha256", null, Sha256.hex(this.bytes))
				.put("certificate_content_type", null, this.contentType);
		}

	}

	@Transactional
	Certificate certificate(long id) {
		AbsenceResponse absence = get(id);
		if (!absence.hasCertificate()) {
			throw new TimeclockProblems.CertificateNotFound(id);
		}
		byte[] bytes = this.absences.certificateBytes(id);
		this.audit.record("timeclock.absence.certificate_read", "absence", id,
				AuditLog.Changes.of().put("employee_id", null, absence.employeeId()));
		return new Certificate(bytes, absence.certificateContentType());
	}

	/**
	 * The absences of an employee that touch the dates, as the computation takes them.
	 */
	@Transactional(readOnly = true)
	public List<Absence> between(long employeeId, LocalDate from, LocalDate to) {
		return this.absences.between(employeeId, from, to);
	}

	/** By the file's first bytes (its magic number), not by what the client claims. */
	static @Nullable String contentType(byte[] body) {
		if (body.length >= 5 && body[0] == '%' && body[1] == 'P' && body[2] == 'D' && body[3] == 'F'
				&& body[4] == '-') {
			return "application/pdf";
		}
		if (body.length >= 3 && (body[0] & 0xff) == 0xff && (body[1] & 0xff) == 0xd8 && (body[2] & 0xff) == 0xff) {
			return "image/jpeg";
		}
		if (body.length >= 8 && (body[0] & 0xff) == 0x89 && body[1] == 'P' && body[2] == 'N' && body[3] == 'G'
				&& body[4] == 0x0d && body[5] == 0x0a && body[6] == 0x1a && body[7] == 0x0a) {
			return "image/png";
		}
		return null;
	}

}
