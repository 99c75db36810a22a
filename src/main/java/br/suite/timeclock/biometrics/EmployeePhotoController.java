package br.suite.timeclock.biometrics;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import br.suite.access.AccessDirectory;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.face.FaceEngine;

/**
 * An employee's enrolled face photo. The route sits under the user it belongs to; the
 * biometric data and the face code stay in the time clock.
 */
@RestController
@RequestMapping("/api/access/users" + PathIds.ID + "/photo")
@Tag(name = "Access: users")
class EmployeePhotoController {

	static final long RETRY_AFTER_SECONDS = 5;

	private final FaceEnrolments enrolments;

	private final AccessDirectory users;

	EmployeePhotoController(FaceEnrolments enrolments, AccessDirectory users) {
		this.enrolments = enrolments;
		this.users = users;
	}

	@PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Requires("access.photos.change")
	@Operation(summary = "Enrol a face photo (JSON)", description = "Body {\"photo_base64\": \"…\"}: plain base64 or a "
			+ "data URL of a JPEG or PNG up to 8 MiB and 8192 x 8192 px / 16 MP with exactly one face of at least 100 px; "
			+ "otherwise 400 saying why. 503 with Retry-After when the face engine stays busy for 5 s. "
			+ "Replaces an earlier photo. Needs every permission of the user's role (403 naming the missing ones): "
			+ "whoever sets a face decides who can punch as that person.")
	PhotoEnrolment enrolJson(@PathVariable long id, @RequestBody Map<String, Object> body) {
		this.users.requireAuthorityOver(CurrentUser.get(), id);
		Object photo = body.get("photo_base64");
		if (!(photo instanceof String text)) {
			throw InvalidRequest.of("photo_base64", photo == null ? "is required" : "must be a string");
		}
		Consent consent = this.enrolments.consent(string(body, "legal_basis"), dateTime(body, "consent_at"),
				string(body, "notice_version"));
		return this.enrolments.enrol(id, Images.decodeBase64("photo_base64", text), consent, CurrentUser.get());
	}

	@PutMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Requires("access.photos.change")
	@Operation(summary = "Enrol a face photo (multipart)", description = "Form part `photo` holding a JPEG or PNG.")
	PhotoEnrolment enrolMultipart(@PathVariable long id, @RequestPart("photo") MultipartFile photo,
			@RequestParam(name = "legal_basis", required = false) @Nullable String legalBasis,
			@RequestParam(name = "consent_at", required = false) java.time.@Nullable OffsetDateTime consentAt,
			@RequestParam(name = "notice_version", required = false) @Nullable String noticeVersion)
			throws IOException {
		this.users.requireAuthorityOver(CurrentUser.get(), id);
		Consent consent = this.enrolments.consent(legalBasis, consentAt, noticeVersion);
		return this.enrolments.enrol(id, Images.check("photo", photo.getBytes()), consent, CurrentUser.get());
	}

	private static @Nullable String string(Map<String, Object> body, String field) {
		Object value = body.get(field);
		if (value != null && !(value instanceof String)) {
			throw InvalidRequest.of(field, "must be a string");
		}
		return (String) value;
	}

	private static java.time.@Nullable OffsetDateTime dateTime(Map<String, Object> body, String field) {
		String value = string(body, field);
		try {
			return value == null ? null : OffsetDateTime.parse(value);
		}
		catch (DateTimeParseException ex) {
			throw InvalidRequest.of(field, "must be a date-time with offset, e.g. 2026-11-02T08:00:00-03:00");
		}
	}

	@GetMapping("/history")
	@Requires("access.photos.view")
	@Operation(summary = "Enrolment history of a user's photo", description = "Every enrolment (legal_basis, "
			+ "consent_at, notice_version, photo_sha256) and removal (reason removed or user_deactivated), who and when; "
			+ "never the photo. A bare array, oldest first.")
	List<HistoryEntry> history(@PathVariable long id) {
		return this.enrolments.history(id);
	}

	/**
	 * Enrolment needs the face check, so when every analysis slot stayed taken for 5 s
	 * the photo is not stored: 503, and the client tries again after a few seconds.
	 */
	@ExceptionHandler(FaceEngine.Busy.class)
	ResponseEntity<ProblemDetail> busy(FaceEngine.Busy busy) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				"The face engine is busy with other images; the photo was not enrolled. Try again in a few seconds.");
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER_SECONDS))
			.body(problem);
	}

	@GetMapping
	@Requires("access.photos.view")
	@Operation(summary = "Download the enrolled photo",
			description = "Every read is logged (who, when, whose): " + "GET /api/timeclock/biometric-access-log/.")
	ResponseEntity<byte[]> photo(@PathVariable long id) {
		FaceEnrolments.Photo photo = this.enrolments.photo(id, CurrentUser.get())
			.orElseThrow(() -> new TimeclockProblems.NoEnrolledPhoto(id));
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(photo.contentType()))
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(photo.bytes());
	}

	@DeleteMapping
	@Requires("access.photos.change")
	@Operation(summary = "Remove the enrolled photo", description = "Later punches get recognition_reason "
			+ "no_enrolled_photo. Needs every permission of the user's role (403 naming missing_permissions).")
	ResponseEntity<Void> remove(@PathVariable long id) {
		this.users.requireAuthorityOver(CurrentUser.get(), id);
		if (!this.enrolments.remove(id, CurrentUser.get().id(), "removed")) {
			throw new TimeclockProblems.NoEnrolledPhoto(id);
		}
		return ResponseEntity.noContent().build();
	}

}
