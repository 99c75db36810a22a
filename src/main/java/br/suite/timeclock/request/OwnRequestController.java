package br.suite.timeclock.request;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
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
@RequestMapping("/api/timeclock/me/requests")
@Tag(name = "Time clock: my requests")
class OwnRequestController {

	private final TimeclockRequests requests;

	private final TimeclockRequestCertificates certificates;

	OwnRequestController(TimeclockRequests requests, TimeclockRequestCertificates certificates) {
		this.requests = requests;
		this.certificates = certificates;
	}

	@GetMapping
	@Requires("timeclock.own.request")
	@Operation(summary = "My requests", description = "The caller's requests, newest first, with their decision; "
			+ "filter status; a bare array, limit/offset add X-Total-Count.")
	ResponseEntity<List<TimeclockRequestResponse>> list(@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<TimeclockRequestResponse> listing = this.requests.list(CurrentUser.get().id(), status, null,
				paging, true);
		return paging.respond(listing.items(), listing.total());
	}

	@PutMapping(path = PathIds.ID + "/certificate",
			consumes = { MediaType.APPLICATION_PDF_VALUE, MediaType.IMAGE_JPEG_VALUE, MediaType.IMAGE_PNG_VALUE,
					MediaType.APPLICATION_OCTET_STREAM_VALUE })
	@Requires("timeclock.own.request")
	@Operation(summary = "Attach the certificate of my absence request",
			description = "While the request is pending (409 request_decided after). The body is the file: PDF, JPEG "
					+ "or PNG, recognised by its first bytes, at most 8 MiB. Another employee's request is 404.")
	TimeclockRequestResponse attach(@PathVariable long id, @RequestBody(required = false) byte @Nullable [] body) {
		return this.certificates.attach(id, body, CurrentUser.get());
	}

}
