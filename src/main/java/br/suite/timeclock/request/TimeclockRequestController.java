package br.suite.timeclock.request;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.timeclock.absence.Absences;

@RestController
@RequestMapping("/api/timeclock/requests")
@Tag(name = "Time clock: requests")
class TimeclockRequestController {

	private final TimeclockRequests requests;

	private final TimeclockRequestCertificates certificates;

	TimeclockRequestController(TimeclockRequests requests, TimeclockRequestCertificates certificates) {
		this.requests = requests;
		this.certificates = certificates;
	}

	@PostMapping
	@Requires("timeclock.own.request")
	@Operation(summary = "Ask (an employee, for themselves)",
			description = "kind include_mark (occurred_at, event_type: a forgotten mark), disregard_mark (punch_id: one "
					+ "of the caller's own punches), absence (date_from, date_to, absence_kind; then PUT the "
					+ "certificate at /api/timeclock/me/requests/{id}/certificate/) or overtime (date, minutes 1-720: a "
					+ "pre-approval); reason is mandatory. The request is the caller's: there is no employee_id. "
					+ "403 not_an_employee for a user who is not an employee.")
	ResponseEntity<TimeclockRequestResponse> create(@RequestBody TimeclockRequestBody body) {
		TimeclockRequestResponse created = this.requests.create(body, CurrentUser.get());
		return ResponseEntity.created(URI.create("/api/timeclock/requests/" + created.id() + "/")).body(created);
	}

	@GetMapping
	@Requires("timeclock.requests.decide")
	@Operation(summary = "List requests (managers)",
			description = "Filters employee_id, status (pending, approved, refused), kind; oldest first; a bare "
					+ "array, limit/offset add X-Total-Count.")
	ResponseEntity<List<TimeclockRequestResponse>> list(
			@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable String kind,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<TimeclockRequestResponse> listing = this.requests.list(employeeId, status, kind, paging, false);
		return paging.respond(listing.items(), listing.total());
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.requests.decide")
	@Operation(summary = "Read a request (managers)")
	TimeclockRequestResponse get(@PathVariable long id) {
		return this.requests.get(id);
	}

	@PostMapping(PathIds.ID + "/approve")
	@Requires("timeclock.requests.decide")
	@Operation(summary = "Approve and apply a request",
			description = "{comment} optional; certificate_sha256 required when the request has a certificate: the "
					+ "certificate_sha256 of the file the manager read (409 certificate_changed when the employee "
					+ "replaced it since, nothing written). Writes the adjustment (include_mark, disregard_mark) or the absence "
					+ "(with its certificate) whose request_id is this request, in the same transaction; overtime is "
					+ "the approval itself. 409 request_decided when already decided, 409 rule no_self_decision for "
					+ "one's own request; the adjustment's and absence's own refusals (absence_overlaps, an already "
					+ "disregarded punch) leave the request pending.")
	TimeclockRequestResponse approve(@PathVariable long id,
			@RequestBody(required = false) @Nullable DecisionBody body) {
		return this.requests.decide(id, true, body == null ? new DecisionBody(null) : body, CurrentUser.get());
	}

	@PostMapping(PathIds.ID + "/refuse")
	@Requires("timeclock.requests.decide")
	@Operation(summary = "Refuse a request", description = "{comment} mandatory. 409 as for approve.")
	TimeclockRequestResponse refuse(@PathVariable long id, @RequestBody(required = false) @Nullable DecisionBody body) {
		return this.requests.decide(id, false, body == null ? new DecisionBody(null) : body, CurrentUser.get());
	}

	@GetMapping(PathIds.ID + "/certificate")
	@Requires("timeclock.certificates.view")
	@Operation(summary = "Download the certificate of an absence request",
			description = "Health data (LGPD art. 11): its own permission, every read audited "
					+ "(timeclock.request.certificate_read).")
	ResponseEntity<byte[]> certificate(@PathVariable long id) {
		Absences.Certificate certificate = this.certificates.certificate(id);
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(certificate.contentType()))
			.header("Cache-Control", "no-store")
			.body(certificate.bytes());
	}

}
