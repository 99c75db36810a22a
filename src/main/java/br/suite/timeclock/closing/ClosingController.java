package br.suite.timeclock.closing;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
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

@RestController
@RequestMapping("/api/timeclock/closings")
@Tag(name = "Time clock: month closings")
class ClosingController {

	private final Closings closings;

	ClosingController(Closings closings) {
		this.closings = closings;
	}

	@GetMapping
	@Requires("timeclock.closings.view")
	@Operation(summary = "List month closings",
			description = "Filters establishment_id, month (YYYY-MM), status (closed: in force; reopened). Newest "
					+ "month first; a bare array; optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ClosingResponse>> list(
			@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(required = false) @Nullable String month,
			@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ClosingResponse> listing = this.closings.list(establishmentId, month, status, paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("timeclock.closings.change")
	@Operation(summary = "Close an establishment's month",
			description = "{\"establishment_id\", \"month\": \"YYYY-MM\"}: freezes every employee's espelho of the "
					+ "month (figures, marks, flags, totals, banco de horas and the PDF), served from then on instead of "
					+ "being computed. Afterwards adjustments, absences and schedule assignments touching the month are "
					+ "409 month_closed. The month must be over (409 month_not_over) and follow the last closed one "
					+ "(409 previous_month_open / later_month_closed); a closed month again is 409 month_closed. Audited.")
	ResponseEntity<ClosingResponse> close(@RequestBody ClosingRequest request) {
		ClosingResponse closing = this.closings.close(request, CurrentUser.get());
		return ResponseEntity.created(URI.create("/api/timeclock/closings/" + closing.id() + "/")).body(closing);
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.closings.view")
	@Operation(summary = "Read a closing",
			description = "With employees: each frozen espelho's employee, worked minutes, PDF SHA-256 and signature.")
	ClosingResponse get(@PathVariable long id) {
		return this.closings.get(id, true);
	}

	@DeleteMapping(PathIds.ID)
	@Requires("timeclock.closings.reopen")
	@Operation(summary = "Reopen a month",
			description = "The closing stays as history with status reopened; the month is computed again and its "
					+ "records can change; its signatures lapse (valid: false). Only the latest closing of the "
					+ "establishment (409 later_month_closed); a reopened one is 409 closing_reopened. Audited "
					+ "(timeclock.closing.reopened).")
	ResponseEntity<Void> reopen(@PathVariable long id) {
		this.closings.reopen(id, CurrentUser.get());
		return ResponseEntity.noContent().build();
	}

}
