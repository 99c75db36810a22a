package br.suite.timeclock.biometrics;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;
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

	private final FaceEnrolmentRepository repository;

	private final FaceRecognition faces;

	private final AccessDirectory users;

	private final FaceSettings settings;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	FaceEnrolments(FaceEnrolmentRepository repository, FaceRecognition faces, AccessDirectory users,
			FaceSettings settings, AuditLog audit, TransactionTemplate transactions) {
		this.audit = audit;
		this.transactions = transactions;
		this.repository = repository;
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
		this.repository.store(userId, image, descriptor, face, consent, author.id());
	}

	@Transactional(readOnly = true)
	Optional<PhotoEnrolment> find(long userId) {
		return this.repository.find(userId);
	}

	/** The photo, logging the read (who read whose photo, when). */
	@Transactional
	Optional<Photo> photo(long userId, CurrentUser reader) {
		requireUser(userId);
		Optional<Photo> photo = this.repository.photo(userId);
		if (photo.isPresent()) {
			logAccess(reader.id(), userId, "enrolled_photo", null);
		}
		return photo;
	}

	public void logAccess(long actorId, long subjectUserId, String kind, @Nullable Long punchId) {
		this.repository.logAccess(actorId, subjectUserId, kind, punchId);
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
		int removed = this.repository.delete(userId);
		if (removed > 0) {
			this.audit.record("timeclock.face.removed", "user", userId,
					AuditLog.Changes.of().put("photo_sha256", before, null));
			this.repository.recordRemoval(userId, actorId, reason);
		}
		return removed > 0;
	}

	@Transactional(readOnly = true)
	List<HistoryEntry> history(long userId) {
		requireUser(userId);
		return this.repository.history(userId);
	}

	@Transactional(readOnly = true)
	public List<AccessEntry> accessLog(@Nullable Long subjectUserId) {
		return this.repository.accessLog(subjectUserId);
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

	@Override
	@Transactional(readOnly = true)
	public Set<Long> withPhotos(Collection<Long> userIds) {
		return new HashSet<>(this.repository.withPhotos(userIds));
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
