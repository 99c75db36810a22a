package br.suite.timeclock.biometrics;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.face.Face;

/**
 * The enrolments' storage: the photo and descriptor of each employee
 * ({@code timeclock_face_enrolment}), their history ({@code ..._history}) and the LGPD
 * listing of who read biometric data ({@code timeclock_biometric_access}). Runs in the
 * caller's transaction; {@link FaceEnrolments} checks and audits.
 */
@Repository
class FaceEnrolmentRepository {

	private final JdbcClient jdbc;

	FaceEnrolmentRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Stores (or replaces) the user's photo and descriptor, and its history line. */
	void store(long userId, Images.Image image, String descriptor, Face face, Consent consent, long authorId) {
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
			.param("by", authorId)
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
			.param("by", authorId)
			.update();
	}

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

	Optional<FaceEnrolments.Photo> photo(long userId) {
		return this.jdbc.sql("SELECT photo, photo_type FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> new FaceEnrolments.Photo(rs.getBytes("photo"), rs.getString("photo_type")))
			.optional();
	}

	/** A line of the LGPD listing of biometric reads. */
	void logAccess(long actorId, long subjectUserId, String kind, @Nullable Long punchId) {
		this.jdbc
			.sql("INSERT INTO timeclock_biometric_access (actor_id, subject_user_id, kind, punch_id) "
					+ "VALUES (:actor, :subject, :kind, :punch)")
			.param("actor", actorId)
			.param("subject", subjectUserId)
			.param("kind", kind)
			.param("punch", punchId)
			.update();
	}

	/** Deletes the photo and descriptor; how many rows went (0 or 1). */
	int delete(long userId) {
		return this.jdbc.sql("DELETE FROM timeclock_face_enrolment WHERE user_id = :id").param("id", userId).update();
	}

	/** The history line of a removal ({@code actorId} null: the system). */
	void recordRemoval(long userId, @Nullable Long actorId, String reason) {
		this.jdbc
			.sql("INSERT INTO timeclock_face_enrolment_history (user_id, action, reason, actor_id) "
					+ "VALUES (:user, 'removed', :reason, :actor)")
			.param("user", userId)
			.param("reason", reason)
			.param("actor", actorId)
			.update();
	}

	List<HistoryEntry> history(long userId) {
		return this.jdbc.sql("SELECT * FROM timeclock_face_enrolment_history WHERE user_id = :id ORDER BY id")
			.param("id", userId)
			.query((rs, n) -> new HistoryEntry(rs.getLong("id"), rs.getLong("user_id"), rs.getString("action"),
					rs.getString("reason"), rs.getString("photo_sha256"), rs.getString("legal_basis"),
					instant(rs.getTimestamp("consent_at")), rs.getString("notice_version"),
					rs.getObject("actor_id", Long.class), rs.getTimestamp("at").toInstant()))
			.list();
	}

	/** The newest 1000 biometric reads, of one subject or all. */
	List<AccessEntry> accessLog(@Nullable Long subjectUserId) {
		return this.jdbc.sql("SELECT * FROM timeclock_biometric_access"
				+ (subjectUserId == null ? "" : " WHERE subject_user_id = :subject") + " ORDER BY id DESC LIMIT 1000")
			.params(subjectUserId == null ? Map.of() : Map.of("subject", subjectUserId))
			.query((rs, n) -> new AccessEntry(rs.getLong("id"), rs.getLong("actor_id"), rs.getLong("subject_user_id"),
					rs.getString("kind"), rs.getObject("punch_id", Long.class), rs.getTimestamp("at").toInstant()))
			.list();
	}

	/** Which of the users have an enrolled photo. */
	List<Long> withPhotos(Collection<Long> userIds) {
		return this.jdbc.sql("SELECT user_id FROM timeclock_face_enrolment WHERE user_id IN (:ids)")
			.param("ids", userIds)
			.query(Long.class)
			.list();
	}

	private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
