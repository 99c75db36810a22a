package br.suite.timeclock.timesheet;

import java.time.YearMonth;

import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.AccessAdministration;
import br.suite.shared.DateTimes;
import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;
import br.suite.timeclock.Downloads;
import br.suite.web.FormErrors;
import br.suite.web.FormFields;
import br.suite.web.FormInput;

/**
 * The espelho de ponto of an employee's month as HR reviews it (per day the schedule, the
 * marks, every figure of the jornada and its flags; the month's totals and banco de
 * horas), and its PDF.
 */
@Controller
class TimesheetPages {

	/** The module's refusals at the filter's fields, in the page's words. */
	private static final FormFields FIELDS = FormFields.otherwise("absences.error.employee")
		.field("employee_id", "absences.error.employee")
		.field("month", "absences.error.month");

	private final AccessAdministration access;

	private final Timesheets timesheets;

	TimesheetPages(AccessAdministration access, Timesheets timesheets) {
		this.access = access;
		this.timesheets = timesheets;
	}

	@GetMapping({ "/app/timesheet", "/app/timesheet/" })
	@Requires("timeclock.punches.view")
	@RateLimited(RateLimited.Kind.TIMESHEETS)
	String timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", month == null ? "" : month.strip());
		model.addAttribute("figureKeys", MonthReview.FIGURE_KEYS);
		return FormErrors.submit(model, FIELDS, () -> {
			// Typed as pages write months (mm/aaaa) or as aaaa-mm; shown back as mm/aaaa.
			YearMonth typed = FormInput.month("month", month == null ? "" : month);
			YearMonth chosen = typed == null ? YearMonth.now(DateTimes.BRAZIL) : typed;
			model.addAttribute("month", FormInput.monthText(chosen));
			if (employeeId != null) {
				// The month review: every figure of the jornada computation, in
				// Portuguese.
				model.addAttribute("sheet", MonthReview.of(this.timesheets.of(employeeId, chosen.toString())));
			}
			return chosen;
		}, shown -> "timesheet", () -> "timesheet");
	}

	@GetMapping("/app/timesheet/pdf")
	@Requires("timeclock.punches.view")
	@RateLimited(RateLimited.Kind.TIMESHEETS)
	ResponseEntity<byte[]> timesheetPdf(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month) {
		byte[] pdf = this.timesheets.pdf(this.timesheets.of(employeeId, month));
		return Downloads.of(pdf, MediaType.APPLICATION_PDF, "espelho-ponto-" + employeeId + "-" + month + ".pdf",
				false);
	}

}
