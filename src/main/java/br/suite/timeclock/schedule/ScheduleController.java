package br.suite.timeclock.schedule;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.json.PartialUpdates;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/timeclock/schedules")
@Tag(name = "Time clock: work schedules")
class ScheduleController {

	private static final String FIELDS = "kind weekly: days (keys mon…sun, each a list of {start, end} HH:MM; an "
			+ "empty list is a day off; an interval may cross midnight) and rest_day (the DSR, an empty day, default "
			+ "sun). kind cycle (12x36 = work_days 1, off_days 1): cycle_start, work_days, off_days, intervals. "
			+ "tolerance_per_mark_minutes 0–5 (default 5) and tolerance_daily_minutes 0–10 (default 10) (CLT art. 58 "
			+ "§1); time_bank (default false) with time_bank_expiry_months 1–12 (default 6); night_reduced_hour "
			+ "(default true). At most 24 h from a day's first start to its last end.";

	private final Schedules schedules;

	private final PartialUpdates partialUpdates;

	ScheduleController(Schedules schedules, PartialUpdates partialUpdates) {
		this.schedules = schedules;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("timeclock.schedules.view")
	@Operation(summary = "List work schedules",
			description = "A bare array ordered by id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ScheduleResponse>> list(@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ScheduleResponse> listing = this.schedules.list(paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("timeclock.schedules.change")
	@Operation(summary = "Create a work schedule", description = FIELDS)
	ResponseEntity<ScheduleResponse> create(@RequestBody ScheduleRequest request) {
		ScheduleResponse created = this.schedules.create(request);
		return ResponseEntity.created(URI.create("/api/timeclock/schedules/" + created.id() + "/")).body(created);
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.schedules.view")
	@Operation(summary = "Read a work schedule")
	ScheduleResponse get(@PathVariable long id) {
		return this.schedules.get(id);
	}

	@PatchMapping(PathIds.ID)
	@Requires("timeclock.schedules.change")
	@Operation(summary = "Change a work schedule",
			description = "Changes only the fields sent (days replaces the whole week). " + FIELDS,
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = ScheduleRequest.class))))
	ScheduleResponse update(@PathVariable long id, @RequestBody ObjectNode patch) {
		return this.schedules.update(id,
				current -> this.partialUpdates.merge(ScheduleRequest.of(current), patch, ScheduleRequest.class));
	}

	@DeleteMapping(PathIds.ID)
	@Requires("timeclock.schedules.change")
	@Operation(summary = "Delete an unused work schedule",
			description = "409 schedule_in_use once it was assigned to anyone.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.schedules.delete(id);
		return ResponseEntity.noContent().build();
	}

}
