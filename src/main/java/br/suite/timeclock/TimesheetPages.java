package br.suite.timeclock;

import java.time.YearMonth;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.AccessAdministration;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;

/**
 * The espelho de ponto of an employee's month as HR reviews it (per day the schedule, the
 * marks, every figure of the jornada and its flags; the month's totals and banco de
 * horas), and its PDF.
 */
@Controller
class TimesheetPages {

	private static final Map<String, String[]> FIELDS = Map.of("employee_id",
			new String[] { "employee_id", "absences.error.employee" }, "month",
			new String[] { "month", "absences.error.month" });

	private final TimeclockAdministration timeclock;

	private final AccessAdministration access;

	private final Timesheets timesheets;

	private final JornadaForms forms;

	TimesheetPages(TimeclockAdministration timeclock, AccessAdministration access, Timesheets timesheets,
			JornadaForms forms) {
		this.timeclock = timeclock;
		this.access = access;
		this.timesheets = timesheets;
		this.forms = forms;
	}

	@GetMapping({ "/app/timesheet", "/app/timesheet/" })
	@Requires("timeclock.punches.view")
	String timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		String chosen = month == null || month.isBlank() ? YearMonth.now(DateTimes.BRAZIL).toString() : month.strip();
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", chosen);
		model.addAttribute("figureKeys", MonthReview.FIGURE_KEYS);
		if (employeeId != null) {
			try {
				// The month review: every figure of the jornada computation, in
				// Portuguese.
				model.addAttribute("sheet", MonthReview.of(this.timesheets.of(employeeId, chosen)));
			}
			catch (InvalidRequest refusal) {
				this.forms.errors().from(refusal, FIELDS, "absences.error.employee").show(model);
			}
		}
		return "timesheet";
	}

	@GetMapping("/app/timesheet/pdf")
	@Requires("timeclock.punches.view")
	ResponseEntity<byte[]> timesheetPdf(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month) {
		byte[] pdf = this.timeclock.timesheetPdf(employeeId, month);
		return Downloads.of(pdf, MediaType.APPLICATION_PDF, "espelho-ponto-" + employeeId + "-" + month + ".pdf",
				false);
	}

}
