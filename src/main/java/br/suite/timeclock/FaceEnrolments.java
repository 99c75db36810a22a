package br.suite.timeclock;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.audit.AuditLog;
import br.suite.access.AccessDirectory;
import br.suite.access.EmployeePhotos;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.face.Analysis;
import br.suite.timeclock.face.Face;
import br.suite.timeclock.face.FaceEngine;
import br.suite.timeclock.face.ImageSize;

/**
 * Enrolled face photos: exactly one face of usable size, its descriptor computed once here and kept
 * beside the photo, so a punch only analyses its own snapshot.
 */
@Service
class FaceEnrolments implements EmployeePhotos {

	private final JdbcClient jdbc;

	private final FaceRecognition faces;

	private final AccessDirectory users;

	private final FaceSettings settings;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	FaceEnrolments(JdbcClient jdbc, FaceRecognition faces, AccessDirectory users, FaceSettings settings,
			AuditLog audit, TransactionTemplate transactions) {
		this.audit = audit;
		this.transactions = transactions;
		this.jdbc = jdbc;
		this.faces = faces;
		this.users = users;
		this.settings = settings;
	}

	record FaceBox(int x, int y, int width, int height) {
	}

	record PhotoEnrolment(long userId, String photoUrl, String photoType, String photoSha256, FaceBox face,
			long enrolledBy, Instant enrolledAt) {
	}

	record Photo(byte[] bytes, String contentType) {
	}

	PhotoEnrolment enrol(long userId, Images.Image image, CurrentUser author) {
		requireUser(userId);
		Analysis analysis = this.faces.analyze(image.bytes());
		if (!analysis.hasDescriptor()) {
			throw InvalidRequest.of("photo", explain(analysis, image));
		}
		Face face = analysis.faces().stream().max(java.util.Comparator.comparingInt(Face::sizePx)).orElseThrow();
		StringBuilder descriptor = new StringBuilder("{");
		for (float value : analysis.descriptor()) {
			descriptor.append(descriptor.length() > 1 ? "," : "").append(Float.toString(value));
		}
		String values = descriptor.append('}').toString();
		// The photo and its audit event (which names the photo's SHA-256, never its bytes) commit together.
		this.transactions.executeWithoutResult(status -> {
			String before = find(userId).map(PhotoEnrolment::photoSha256).orElse(null);
			store(userId, image, values, face, author);
			this.audit.record("timeclock.face.enrolled", "user", userId,
					AuditLog.Changes.of().put("photo_sha256", before, Punch.sha256(image.bytes())));
		});
		return find(userId).orElseThrow();
	}

	@Transactional
	void store(long userId, Images.Image image, String descriptor, Face face, CurrentUser author) {
		this.jdbc.sql("""
				INSERT INTO timeclock_face_enrolment (user_id, photo, photo_type, photo_sha256, descriptor, face_x, face_y,
				    face_width, face_height, enrolled_by, enrolled_at)
				VALUES (:user, :photo, :type, :sha, CAST(:descriptor AS real[]), :x, :y, :w, :h, :by, now())
				ON CONFLICT (user_id) DO UPDATE SET photo = EXCLUDED.photo, photo_type = EXCLUDED.photo_type,
				    photo_sha256 = EXCLUDED.photo_sha256, descriptor = EXCLUDED.descriptor, face_x = EXCLUDED.face_x,
				    face_y = EXCLUDED.face_y, face_width = EXCLUDED.face_width, face_height = EXCLUDED.face_height,
				    enrolled_by = EXCLUDED.enrolled_by, enrolled_at = EXCLUDED.enrolled_at""")
			.param("user", userId)
			.param("photo", image.bytes())
			.param("type", image.contentType())
			.param("sha", Punch.sha256(image.bytes()))
			.param("descriptor", descriptor)
			.param("x", face.x())
			.param("y", face.y())
			.param("w", face.width())
			.param("h", face.height())
			.param("by", author.id())
			.update();
	}

	@Transactional(readOnly = true)
	Optional<PhotoEnrolment> find(long userId) {
		return this.jdbc.sql("SELECT user_id, photo_type, photo_sha256, face_x, face_y, face_width, face_height, "
				+ "enrolled_by, enrolled_at FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> new PhotoEnrolment(rs.getLong("user_id"),
					"/api/access/users/" + rs.getLong("user_id") + "/photo/", rs.getString("photo_type"),
					rs.getString("photo_sha256"),
					new FaceBox(rs.getInt("face_x"), rs.getInt("face_y"), rs.getInt("face_width"), rs.getInt("face_height")),
					rs.getLong("enrolled_by"), rs.getTimestamp("enrolled_at").toInstant()))
			.optional();
	}

	@Transactional(readOnly = true)
	Optional<Photo> photo(long userId) {
		requireUser(userId);
		return this.jdbc.sql("SELECT photo, photo_type FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> new Photo(rs.getBytes("photo"), rs.getString("photo_type")))
			.optional();
	}

	@Transactional
	boolean remove(long userId) {
		requireUser(userId);
		String before = find(userId).map(PhotoEnrolment::photoSha256).orElse(null);
		int removed = this.jdbc.sql("DELETE FROM timeclock_face_enrolment WHERE user_id = :id").param("id", userId).update();
		if (removed > 0) {
			this.audit.record("timeclock.face.removed", "user", userId, AuditLog.Changes.of().put("photo_sha256", before, null));
		}
		return removed > 0;
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
			throw new ApiProblem.NotFound("User", userId);
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
			case FACE_TOO_SMALL -> "the face is smaller than " + this.settings.minFacePx()
					+ " pixels; take the photo closer to the face";
			case UNREADABLE_IMAGE -> "the image could not be decoded (use a JPEG or PNG in RGB)";
		};
	}

}
