package br.suite.timeclock.timesheet;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;
import br.suite.timeclock.Timesheet;

@RestController
@RequestMapping("/api/timeclock/timesheets")
@Tag(name = "Time clock: timesheets")
class TimesheetController {

	private final Timesheets timesheets;

	TimesheetController(Timesheets timesheets) {
		this.timesheets = timesheets;
	}

	@GetMapping
	@Requires("timeclock.punches.view")
	@RateLimited(RateLimited.Kind.TIMESHEETS)
	@Operation(summary = "Espelho de ponto of an employee's month",
			description = "Every day of month (YYYY-MM) in the zone of the employee's establishment: marks after "
					+ "adjustments (origin punch or included; disregarded punches stay, flagged), worked_minutes from "
					+ "pairs of considered marks in time order, flags odd_punches, weekday_without_punches, "
					+ "needs_review; month totals. JSON, or PDF with Accept: application/pdf. Of a closed month, the "
					+ "espelho and PDF frozen by its closing (closing set), whatever changed since.")
	ResponseEntity<?> timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month,
			@RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
		Timesheet sheet = this.timesheets.of(employeeId, month);
		if (accept != null && accept.contains(MediaType.APPLICATION_PDF_VALUE)) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_PDF).body(this.timesheets.pdf(sheet));
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(sheet);
	}

}
