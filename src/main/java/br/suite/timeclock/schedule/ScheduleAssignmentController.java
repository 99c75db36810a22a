package br.suite.timeclock.schedule;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/timeclock/employees/{userId:" + PathIds.PATTERN + "}/schedule")
@Tag(name = "Time clock: work schedules")
class ScheduleAssignmentController {

	private final Schedules schedules;

	ScheduleAssignmentController(Schedules schedules) {
		this.schedules = schedules;
	}

	@GetMapping
	@Requires("timeclock.schedules.view")
	@Operation(summary = "An employee's schedule assignments",
			description = "The history, ordered by valid_from: on a date, the assignment with the greatest valid_from "
					+ "not after it is in force; before the first one the employee is unassigned.")
	List<ScheduleAssignmentResponse> list(@PathVariable long userId) {
		return this.schedules.assignments(userId);
	}

	@PutMapping
	@Requires("timeclock.schedules.change")
	@Operation(summary = "Assign a schedule from a date on",
			description = "{\"schedule_id\", \"valid_from\"}: the schedule is in force from valid_from until the next "
					+ "assignment; an assignment on the same valid_from is replaced. Audited.")
	ScheduleAssignmentResponse assign(@PathVariable long userId, @RequestBody ScheduleAssignmentRequest request) {
		return this.schedules.assign(userId, request, CurrentUser.get().id());
	}

}
