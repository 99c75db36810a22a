package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.EmployeeChoices;

/**
 * An employee's schedule from a date on (issue 24 item 2), with the history of the
 * assignments.
 */
@Controller
class ScheduleAssignmentPages {

	private static final Map<String, String[]> FIELDS = Map.of("schedule_id",
			new String[] { "schedule_id", "assignments.error.schedule" }, "valid_from",
			new String[] { "valid_from", "assignments.error.validFrom" }, "user_id",
			new String[] { "employee_id", "assignments.error.employee" });

	private final Schedules schedules;

	private final EmployeeChoices employees;

	private final JornadaForms forms;

	ScheduleAssignmentPages(Schedules schedules, EmployeeChoices employees, JornadaForms forms) {
		this.schedules = schedules;
		this.employees = employees;
		this.forms = forms;
	}

	/** What the form sends, as typed. */
	record Form(@Nullable Long scheduleId, String validFrom) {
	}

	@GetMapping({ "/app/schedules/assignments", "/app/schedules/assignments/" })
	@Requires("timeclock.schedules.view")
	String assignments(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId, Model model) {
		return page(model, employeeId, new Form(null, ""));
	}

	@PostMapping({ "/app/schedules/assignments", "/app/schedules/assignments/" })
	@Requires("timeclock.schedules.change")
	String assign(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(name = "schedule_id", required = false) @Nullable Long scheduleId,
			@RequestParam(name = "valid_from", defaultValue = "") String validFrom, Model model,
			RedirectAttributes redirect) {
		Form form = new Form(scheduleId, validFrom);
		JornadaForms.Errors errors = this.forms.errors();
		if (employeeId == null || !this.employees.isEmployee(employeeId)) {
			errors.general("assignments.error.employee").show(model);
			return page(model, null, form);
		}
		LocalDate from = JornadaForms.date(validFrom, "valid_from", "assignments.error.validFrom", errors);
		if (errors.isEmpty()) {
			try {
				ScheduleAssignmentResponse made = this.schedules.assign(employeeId,
						new ScheduleAssignmentRequest(scheduleId, from), CurrentUser.get().id());
				redirect.addFlashAttribute("assigned", made.scheduleName());
				return "redirect:/app/schedules/assignments?employee_id=" + employeeId;
			}
			catch (InvalidRequest refusal) {
				errors.from(refusal, FIELDS, "assignments.error.employee");
			}
		}
		errors.show(model);
		return page(model, employeeId, form);
	}

	private String page(Model model, @Nullable Long employeeId, Form form) {
		List<EmployeeChoices.Choice> choices = this.employees.employees();
		model.addAttribute("employees", choices);
		model.addAttribute("schedules", this.schedules.list(new Paging(null, null)).items());
		model.addAttribute("form", form);
		Long shown = employeeId != null && this.employees.isEmployee(employeeId) ? employeeId : null;
		model.addAttribute("employeeId", shown);
		if (shown != null) {
			model.addAttribute("employeeName",
					choices.stream()
						.filter(c -> c.id() == shown)
						.map(EmployeeChoices.Choice::name)
						.findFirst()
						.orElse(""));
			List<ScheduleAssignmentResponse> history = new ArrayList<>(this.schedules.assignments(shown));
			Collections.reverse(history);
			model.addAttribute("history", history);
		}
		return "schedule-assignments";
	}

}
