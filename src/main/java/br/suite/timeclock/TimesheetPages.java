package br.suite.timeclock;

import java.time.YearMonth;

import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.AccessAdministration;
import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;

/** The espelho de ponto of an employee's month, and its PDF. */
@Controller
class TimesheetPages {

	private final TimeclockAdministration timeclock;

	private final AccessAdministration access;

	TimesheetPages(TimeclockAdministration timeclock, AccessAdministration access) {
		this.timeclock = timeclock;
		this.access = access;
	}

	@GetMapping({ "/app/timesheet", "/app/timesheet/" })
	@Requires("timeclock.punches.view")
	String timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		String chosen = month == null || month.isBlank() ? YearMonth.now(DateTimes.BRAZIL).toString() : month.strip();
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", chosen);
		if (employeeId != null) {
			try {
				model.addAttribute("sheet", this.timeclock.timesheet(employeeId, chosen));
			}
			catch (ApiProblem problem) {
				FormErrors.show(model, problem);
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
