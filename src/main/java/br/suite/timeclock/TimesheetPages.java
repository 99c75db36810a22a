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
import br.suite.web.FormInput;

/** The espelho de ponto of an employee's month, and its PDF. */
@Controller
class TimesheetPages {

	private final Timesheets timesheets;

	private final AccessAdministration access;

	TimesheetPages(Timesheets timesheets, AccessAdministration access) {
		this.timesheets = timesheets;
		this.access = access;
	}

	@GetMapping({ "/app/timesheet", "/app/timesheet/" })
	@Requires("timeclock.punches.view")
	String timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", month == null ? "" : month.strip());
		try {
			// Typed as pages write months (mm/aaaa) or as aaaa-mm; shown back as mm/aaaa.
			YearMonth typed = FormInput.month("month", month == null ? "" : month);
			YearMonth chosen = typed == null ? YearMonth.now(DateTimes.BRAZIL) : typed;
			model.addAttribute("month", FormInput.monthText(chosen));
			if (employeeId != null) {
				model.addAttribute("sheet", this.timesheets.of(employeeId, chosen.toString()));
			}
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "timesheet";
	}

	@GetMapping("/app/timesheet/pdf")
	@Requires("timeclock.punches.view")
	ResponseEntity<byte[]> timesheetPdf(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month) {
		byte[] pdf = this.timesheets.pdf(this.timesheets.of(employeeId, month));
		return Downloads.of(pdf, MediaType.APPLICATION_PDF, "espelho-ponto-" + employeeId + "-" + month + ".pdf",
				false);
	}

}
