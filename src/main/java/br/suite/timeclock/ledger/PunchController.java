package br.suite.timeclock.ledger;

import java.net.URI;
import java.time.LocalDate;
import java.util.List;

import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.biometrics.AccessEntry;
import br.suite.timeclock.biometrics.FaceEnrolments;
import br.suite.timeclock.biometrics.Images;

@RestController
@RequestMapping("/api/timeclock")
@Tag(name = "Time clock: punches")
class PunchController {

	private final PunchLedger ledger;

	private final Establishments establishments;

	private final Comprovantes comprovantes;

	private final FaceEnrolments enrolments;

	PunchController(PunchLedger ledger, Establishments establishments, Comprovantes comprovantes,
			FaceEnrolments enrolments) {
		this.enrolments = enrolments;
		this.ledger = ledger;
		this.establishments = establishments;
		this.comprovantes = comprovantes;
	}

	@PostMapping("/punch/register")
	@Requires("timeclock.punches.register")
	@Operation(summary = "Register a punch",
			description = "Records the punch with the server's clock and the face check's result. A valid punch is "
					+ "never refused: a mismatch, no face or no enrolled photo gives recognition_ok false and "
					+ "needs_review true. A retry with the same Idempotency-Key returns the first punch "
					+ "(header Idempotent-Replayed: true); keys are the caller's own, and reusing one for a different "
					+ "punch is 409. Callers without timeclock.punches.view (kiosks) get recognition_distance and hash "
					+ "as null.")
	ResponseEntity<PunchResponse> register(@Valid @RequestBody PunchRequest request,
			@RequestHeader(name = "Idempotency-Key", required = false) @Nullable String idempotencyKey) {
		CurrentUser caller = CurrentUser.get();
		PunchLedger.Registration registration = this.ledger.register(request, idempotencyKey, caller);
		Punch punch = registration.punch();
		return ResponseEntity.status(HttpStatus.CREATED)
			.location(URI.create("/api/timeclock/punches/" + punch.id() + "/"))
			.header("Idempotent-Replayed", Boolean.toString(registration.replayed()))
			.body(PunchResponse.forCaller(punch, caller));
	}

	@GetMapping("/punches")
	@Requires("timeclock.punches.view")
	@Operation(summary = "List punches", description = "Ordered by occurred_at, then id. Filters: employee_id, "
			+ "date_from and date_to (dates in America/Sao_Paulo, inclusive), recognition_ok, needs_review.")
	ResponseEntity<List<PunchResponse>> list(
			@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(name = "date_from", required = false) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to", required = false) @Nullable LocalDate dateTo,
			@RequestParam(name = "recognition_ok", required = false) @Nullable Boolean recognitionOk,
			@RequestParam(name = "needs_review", required = false) @Nullable Boolean needsReview,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<Punch> listing = this.ledger
			.list(new PunchLedger.Filter(employeeId, dateFrom, dateTo, recognitionOk, needsReview), paging);
		return paging.respond(listing.items().stream().map(PunchResponse::from).toList(), listing.total());
	}

	@GetMapping("/punches" + PathIds.ID)
	@Requires("timeclock.punches.view")
	@Operation(summary = "Read a punch")
	PunchResponse get(@PathVariable long id) {
		return PunchResponse.from(this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id)));
	}

	@GetMapping("/punches" + PathIds.ID + "/snapshot")
	@Requires("timeclock.snapshots.view")
	@Operation(summary = "Download a punch's snapshot",
			description = "The image as received; every read is logged (GET /api/timeclock/biometric-access-log/). After "
					+ "the retention period (7 days when matched, 90 when needing review) it is purged (404); its SHA-256 "
					+ "stays on the punch.")
	ResponseEntity<byte[]> snapshot(@PathVariable long id) {
		Punch punch = this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id));
		Images.Image image = this.ledger.snapshot(id)
			.orElseThrow(() -> new TimeclockProblems.NoSnapshot(id, punch.snapshotSha256() == null));
		this.enrolments.logAccess(CurrentUser.get().id(), punch.employeeId(), "punch_snapshot", id);
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(image.contentType()))
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(image.bytes());
	}

	@GetMapping("/punches" + PathIds.ID + "/comprovante")
	@Requires("timeclock.punches.view")
	@Operation(summary = "A punch's comprovante (Portaria 671 art. 79)",
			description = "PDF by default; JSON with Accept: application/json. Title, NSR, employer name, CNPJ/CPF and "
					+ "CEI/CAEPF/CNO, establishment address, employee name and CPF, date and time with offset, INPI "
					+ "registration of the REP-P, and the punch's SHA-256 hash.")
	ResponseEntity<?> comprovante(@PathVariable long id,
			@RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
		Punch punch = this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id));
		return respond(this.comprovantes, this.comprovantes.of(punch), accept);
	}

	static ResponseEntity<?> respond(Comprovantes comprovantes, Comprovante comprovante, @Nullable String accept) {
		if (accept != null && accept.contains(MediaType.APPLICATION_JSON_VALUE)) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(comprovante);
		}
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_PDF)
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.inline().filename(Comprovantes.fileName(comprovante)).build().toString())
			.body(comprovantes.pdf(comprovante));
	}

	@GetMapping("/punches/verify-chain")
	@Requires("timeclock.punches.view")
	@Operation(summary = "Check the punch ledger",
			description = "Recomputes every punch's SHA-256 and link in NSR order and reports whether the chain of "
					+ "establishment_id (default 1) is intact.")
	ChainReport verifyChain(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId) {
		long id = establishmentId == null ? Establishments.DEFAULT : establishmentId;
		this.establishments.get(id);
		return this.ledger.verifyChain(id);
	}

	@GetMapping("/biometric-access-log")
	@Requires("timeclock.biometric_log.view")
	@Operation(summary = "Reads of biometric data",
			description = "Who read whose enrolled photo or punch snapshot, and when; newest first, at most 1000; "
					+ "filter subject_user_id. A bare array.")
	List<AccessEntry> biometricAccessLog(
			@RequestParam(name = "subject_user_id", required = false) @Nullable Long subjectUserId) {
		return this.enrolments.accessLog(subjectUserId);
	}

}
