package br.suite.timeclock.adjustment;

import java.net.URI;
import java.util.List;

import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.timeclock.TimeclockProblems;

@RestController
@RequestMapping("/api/timeclock/punch-adjustments")
@Tag(name = "Time clock: adjustments")
class PunchAdjustmentController {

	private final PunchAdjustments adjustments;

	PunchAdjustmentController(PunchAdjustments adjustments) {
		this.adjustments = adjustments;
	}

	@PostMapping
	@Requires("timeclock.adjustments.change")
	@Operation(summary = "Record an adjustment", description = "kind include (employee_id, event_type, occurred_at: "
			+ "a forgotten punch) or disregard (punch_id); reason is mandatory. Adjustments are never changed or deleted. Nobody records an adjustment of their own "
			+ "punches (409, rule no_self_adjustment) unless SUITE_ALLOW_SELF_APPROVAL is true.")
	ResponseEntity<AdjustmentResponse> create(@Valid @RequestBody AdjustmentRequest request) {
		AdjustmentResponse created = this.adjustments.record(request, CurrentUser.get());
		return ResponseEntity.created(URI.create("/api/timeclock/punch-adjustments/" + created.id() + "/"))
			.body(created);
	}

	@GetMapping
	@Requires("timeclock.punches.view")
	@Operation(summary = "List adjustments", description = "Ordered by id; filter employee_id.")
	ResponseEntity<List<AdjustmentResponse>> list(
			@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		List<AdjustmentResponse> page = this.adjustments.list(employeeId, paging);
		return paging.respond(page, paging.requested() ? this.adjustments.count(employeeId) : page.size());
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.punches.view")
	@Operation(summary = "Read an adjustment")
	AdjustmentResponse get(@PathVariable long id) {
		return this.adjustments.get(id).orElseThrow(() -> new TimeclockProblems.AdjustmentNotFound(id));
	}

}
