package br.suite.timeclock.absence;

import java.net.URI;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/timeclock/absences")
@Tag(name = "Time clock: absences")
class AbsenceController {

	private final Absences absences;

	AbsenceController(Absences absences) {
		this.absences = absences;
	}

	@GetMapping
	@Requires("timeclock.absences.view")
	@Operation(summary = "List absences",
			description = "Optional employee_id, and from/to (YYYY-MM-DD: absences touching those dates). Ordered by "
					+ "date_from; a bare array; optional limit/offset add X-Total-Count. Certificates are not included.")
	ResponseEntity<List<AbsenceResponse>> list(
			@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable LocalDate from,
			@RequestParam(required = false) @Nullable LocalDate to,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<AbsenceResponse> listing = this.absences.list(employeeId, from, to, paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("timeclock.absences.change")
	@Operation(summary = "Record an absence",
			description = "{employee_id, date_from, date_to, kind, note}: whole dates (at most 366); kind atestado, "
					+ "ferias, licenca, folga, falta_justificada (justified: they cover the expected minutes) or falta "
					+ "(unjustified). One absence per employee and date (409 absence_overlaps). Attach a certificate "
					+ "with PUT …/{id}/certificate/.")
	ResponseEntity<AbsenceResponse> create(@RequestBody AbsenceRequest request) {
		AbsenceResponse created = this.absences.create(request, CurrentUser.get().id());
		return ResponseEntity.created(URI.create("/api/timeclock/absences/" + created.id() + "/")).body(created);
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.absences.view")
	@Operation(summary = "Read an absence")
	AbsenceResponse get(@PathVariable long id) {
		return this.absences.get(id);
	}

	@DeleteMapping(PathIds.ID)
	@Requires("timeclock.absences.change")
	@Operation(summary = "Remove an absence", description = "With its certificate. Audited.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.absences.delete(id);
		return ResponseEntity.noContent().build();
	}

	@PutMapping(path = PathIds.ID + "/certificate",
			consumes = { MediaType.APPLICATION_PDF_VALUE, MediaType.IMAGE_JPEG_VALUE, MediaType.IMAGE_PNG_VALUE,
					MediaType.APPLICATION_OCTET_STREAM_VALUE })
	@Requires("timeclock.absences.change")
	@Operation(summary = "Attach the certificate",
			description = "The body is the file (a medical certificate): PDF, JPEG or PNG, recognised by its first "
					+ "bytes, at most 8 MiB; replaces an earlier one. Answers the absence with certificate_sha256.")
	AbsenceResponse attach(@PathVariable long id, @RequestBody(required = false) byte @Nullable [] body) {
		return this.absences.attach(id, body);
	}

	@GetMapping(PathIds.ID + "/certificate")
	@Requires("timeclock.certificates.view")
	@Operation(summary = "Download the certificate",
			description = "Health data (LGPD art. 11): its own permission, and every read is audited "
					+ "(timeclock.absence.certificate_read).")
	ResponseEntity<byte[]> certificate(@PathVariable long id) {
		Absences.Certificate certificate = this.absences.certificate(id);
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(certificate.contentType()))
			.header("Cache-Control", "no-store")
			.body(certificate.bytes());
	}

}
