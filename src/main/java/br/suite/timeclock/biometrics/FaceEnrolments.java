package br.suite.timeclock.biometrics;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.events.ApplicationModuleListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessDirectory;
import br.suite.access.EmployeePhotos;
import br.suite.access.UserDeactivated;
import br.suite.audit.AuditLog;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.face.Analysis;
import br.suite.timeclock.face.Face;
import br.suite.timeclock.face.FaceEngine;
import br.suite.timeclock.face.ImageSize;

/**
 * Enrolled face photos: exactly one face of usable size, its descriptor computed once
 * here and kept beside the photo, so a punch only analyses its own snapshot.
 */
@Service
public class FaceEnrolments implements EmployeePhotos {

	private final JdbcClient jdbc;

	private final FaceRecognition faces;

	private final AccessDirectory users;

	private final FaceSettings settings;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	FaceEnrolments(JdbcClient jdbc, FaceRecognition faces, AccessDirectory users, FaceSettings settings, AuditLog audit,
			TransactionTemplate transactions) {
		this.audit = audit;
		this.transactions = transactions;
		this.jdbc = jdbc;
		this.faces = faces;
		this.users = users;
		this.settings = settings;
	}

	/**
	 * Checks the lawfulness fields of an enrolment request: 400 naming legal_basis,
	 * consent_at or notice_version.
	 */
	Consent consent(@Nullable String legalBasis, java.time.@Nullable OffsetDateTime consentAt,
			@Nullable String noticeVersion) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		LegalBasis basis = legalBasis == null ? LegalBasis.FRAUD_PREVENTION
				: ClosedSet.parse(LegalBasis.class, "legal_basis", legalBasis, errors);
		if (basis == LegalBasis.CONSENT && consentAt == null) {
			errors.add("consent_at", "is required when legal_basis is consent: when the employee consented");
		}
		if (consentAt != null && consentAt.toInstant().isAfter(Instant.now().plusSeconds(60))) {
			errors.add("consent_at", "must not be in the future");
		}
		String notice = noticeVersion == null || noticeVersion.isBlank() ? this.settings.noticeVersion()
				: noticeVersion.trim();
		if (notice.length() > 50) {
			errors.add("notice_version", "must be at most 50 characters");
		}
		errors.throwIfAny();
		return new Consent(ClosedSet.wire(basis), consentAt == null ? null : consentAt.toInstant(), notice);
	}

	record Photo(byte[] bytes, String contentType) {
	}

	PhotoEnrolment enrol(long userId, Images.Image image, Consent consent, CurrentUser author) {
		requireUser(userId);
		Analysis analysis = this.faces.analyze(image.bytes());
		if (!analysis.hasDescriptor()) {
			throw InvalidRequest.of("photo", explain(analysis, image));
		}
		Face face = analysis.faces().stream().max(Comparator.comparingInt(Face::sizePx)).orElseThrow();
		StringBuilder descriptor = new StringBuilder("{");
		for (float value : analysis.descriptor()) {
			descriptor.append(descriptor.length() > 1 ? "," : "").append(Float.toString(value));
		}
		String values = descriptor.append('}').toString();
		// The photo and its audit event (which names the photo's SHA-256, never its
		// bytes) commit together.
		this.transactions.executeWithoutResult(status -> {
			String before = find(userId).map(PhotoEnrolment::photoSha256).orElse(null);
			store(userId, image, values, face, consent, author);
			this.audit.record("timeclock.face.enrolled", "user", userId,
					AuditLog.Changes.of().put("photo_sha256", before, Sha256.hex(image.bytes())));
		});
		return find(userId).orElseThrow();
	}

	@Transactional
	void store(long userId, Images.Image image, String descriptor, Face face, Consent consent, CurrentUser author) {
		this.jdbc
			.sql("""
					INSERT INTO timeclock_face_enrolment (user_id, photo, photo_type, photo_sha256, descriptor, face_x, face_y,
					    face_width, face_height, enrolled_by, enrolled_at, legal_basis, consent_at, notice_version)
					VALUES (:user, :photo, :type, :sha, CAST(:descriptor AS real[]), :x, :y, :w, :h, :by, now(), :basis,
					    :consentAt, :notice)
					ON CONFLICT (user_id) DO UPDATE SET photo = EXCLUDED.photo, photo_type = EXCLUDED.photo_type,
					    photo_sha256 = EXCLUDED.photo_sha256, descriptor = EXCLUDED.descriptor, face_x = EXCLUDED.face_x,
					    face_y = EXCLUDED.face_y, face_width = EXCLUDED.face_width, face_height = EXCLUDED.face_height,
					    enrolled_by = EXCLUDED.enrolled_by, enrolled_at = EXCLUDED.enrolled_at,
					    legal_basis = EXCLUDED.legal_basis, consent_at = EXCLUDED.consent_at,
					    notice_version = EXCLUDED.notice_version""")
			.param("basis", consent.legalBasis())
			.param("consentAt", consent.consentAt() == null ? null : Timestamp.from(consent.consentAt()))
			.param("notice", consent.noticeVersion())
			.param("user", userId)
			.param("photo", image.bytes())
			.param("type", image.contentType())
			.param("sha", Sha256.hex(image.bytes()))
			.param("descriptor", descriptor)
			.param("x", face.x())
			.param("y", face.y())
			.param("w", face.width())
			.param("h", face.height())
			.param("by", author.id())
			.update();
		this.jdbc.sql("""
				INSERT INTO timeclock_face_enrolment_history (user_id, action, reason, photo_sha256, legal_basis,
				    consent_at, notice_version, actor_id)
				VALUES (:user, 'enrolled', 'enrolment', :sha, :basis, :consentAt, :notice, :by)""")
			.param("user", userId)
			.param("sha", Sha256.hex(image.bytes()))
			.param("basis", consent.legalBasis())
			.param("consentAt", consent.consentAt() == null ? null : Timestamp.from(consent.consentAt()))
			.param("notice", consent.noticeVersion())
			.param("by", author.id())
			.update();
	}

	@Transactional(readOnly = true)
	Optional<PhotoEnrolment> find(long userId) {
		return this.jdbc
			.sql("SELECT user_id, photo_type, photo_sha256, face_x, face_y, face_width, face_height, "
					+ "enrolled_by, enrolled_at, legal_basis, consent_at, notice_version FROM timeclock_face_enrolment "
					+ "WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> new PhotoEnrolment(rs.getLong("user_id"),
					"/api/access/users/" + rs.getLong("user_id") + "/photo/", rs.getString("photo_type"),
					rs.getString("photo_sha256"),
					new FaceBox(rs.getInt("face_x"), rs.getInt("face_y"), rs.getInt("face_width"),
							rs.getInt("face_height")),
					rs.getLong("enrolled_by"), rs.getTimestamp("enrolled_at").toInstant(), rs.getString("legal_basis"),
					instant(rs.getTimestamp("consent_at")), rs.getString("notice_version")))
			.optional();
	}

	/** The photo, logging the read (who read whose photo, when). */
	@Transactional
	Optional<Photo> photo(long userId, CurrentUser reader) {
		requireUser(userId);
		Optional<Photo> photo = this.jdbc
			.sql("SELECT photo, photo_type FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> new Photo(rs.getBytes("photo"), rs.getString("photo_type")))
			.optional();
		if (photo.isPresent()) {
			logAccess(reader.id(), userId, "enrolled_photo", null);
		}
		return photo;
	}

	public void logAccess(long actorId, long subjectUserId, String kind, @Nullable Long punchId) {
		this.jdbc
			.sql("INSERT INTO timeclock_biometric_access (actor_id, subject_user_id, kind, punch_id) "
					+ "VALUES (:actor, :subject, :kind, :punch)")
			.param("actor", actorId)
			.param("subject", subjectUserId)
			.param("kind", kind)
			.param("punch", punchId)
			.update();
		// The audit log answers "who did what" across modules; the biometric log above is
		// the LGPD listing.
		this.audit.record("timeclock.biometric.read", "user", subjectUserId,
				AuditLog.Changes.of().created("kind", kind).created("punch_id", punchId));
	}

	/**
	 * Removes the photo and descriptor and records who removed them and why
	 * ({@code actorId} null: the system).
	 */
	@Transactional
	boolean remove(long userId, @Nullable Long actorId, String reason) {
		requireUser(userId);
		String before = find(userId).map(PhotoEnrolment::photoSha256).orElse(null);
		int removed = this.jdbc.sql("DELETE FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.update();
		if (removed > 0) {
			this.audit.record("timeclock.face.removed", "user", userId,
					AuditLog.Changes.of().put("photo_sha256", before, null));
			this.jdbc
				.sql("INSERT INTO timeclock_face_enrolment_history (user_id, action, reason, actor_id) "
						+ "VALUES (:user, 'removed', :reason, :actor)")
				.param("user", userId)
				.param("reason", reason)
				.param("actor", actorId)
				.update();
		}
		return removed > 0;
	}

	@Transactional(readOnly = true)
	List<HistoryEntry> history(long userId) {
		requireUser(userId);
		return this.jdbc.sql("SELECT * FROM timeclock_face_enrolment_history WHERE user_id = :id ORDER BY id")
			.param("id", userId)
			.query((rs, n) -> new HistoryEntry(rs.getLong("id"), rs.getLong("user_id"), rs.getString("action"),
					rs.getString("reason"), rs.getString("photo_sha256"), rs.getString("legal_basis"),
					instant(rs.getTimestamp("consent_at")), rs.getString("notice_version"),
					rs.getObject("actor_id", Long.class), rs.getTimestamp("at").toInstant()))
			.list();
	}

	@Transactional(readOnly = true)
	public List<AccessEntry> accessLog(@Nullable Long subjectUserId) {
		return this.jdbc.sql("SELECT * FROM timeclock_biometric_access"
				+ (subjectUserId == null ? "" : " WHERE subject_user_id = :subject") + " ORDER BY id DESC LIMIT 1000")
			.params(subjectUserId == null ? Map.of() : Map.of("subject", subjectUserId))
			.query((rs, n) -> new AccessEntry(rs.getLong("id"), rs.getLong("actor_id"), rs.getLong("subject_user_id"),
					rs.getString("kind"), rs.getObject("punch_id", Long.class), rs.getTimestamp("at").toInstant()))
			.list();
	}

	/**
	 * A user who stops being active loses their photo and descriptor (LGPD: no purpose
	 * left), unless switched off.
	 */
	@ApplicationModuleListener
	void on(UserDeactivated event) {
		if (this.settings.removeOnDeactivation()) {
			remove(event.userId(), null, "user_deactivated");
		}
	}

	private static @Nullable Instant instant(java.sql.@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	@Override
	@Transactional(readOnly = true)
	public Set<Long> withPhotos(Collection<Long> userIds) {
		return new HashSet<>(this.jdbc.sql("SELECT user_id FROM timeclock_face_enrolment WHERE user_id IN (:ids)")
			.param("ids", userIds)
			.query(Long.class)
			.list());
	}

	private void requireUser(long userId) {
		if (this.users.find(userId).isEmpty()) {
			throw new TimeclockProblems.UserNotFound(userId);
		}
	}

	private String explain(Analysis analysis, Images.Image image) {
		return switch (analysis.reason()) {
			case IMAGE_TOO_LARGE -> {
				ImageSize size = FaceEngine.imageSize(image.bytes());
				yield "the image is " + (size == null ? "too large" : size.width() + " x " + size.height() + " pixels")
						+ "; at most 8192 pixels wide and high and 16 megapixels are accepted";
			}
			case NO_FACE -> "no face was found in the photo";
			case MULTIPLE_FACES -> "the photo shows " + analysis.faces().size() + " faces; it must show exactly one";
			case FACE_TOO_SMALL ->
				"the face is smaller than " + this.settings.minFacePx() + " pixels; take the photo closer to the face";
			case UNREADABLE_IMAGE -> "the image could not be decoded (use a JPEG or PNG in RGB)";
		};
	}

}
