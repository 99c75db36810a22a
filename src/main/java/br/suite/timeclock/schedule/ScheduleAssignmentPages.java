package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.EmployeeChoices;
import br.suite.web.FormErrors;
import br.suite.web.FormFields;

/**
 * An employee's schedule from a date on (issue 24 item 2), with the history of the
 * assignments.
 */
@Controller
class ScheduleAssignmentPages {

	/** The module's fields at the form's, in the form's words. */
	private static final FormFields FIELDS = FormFields.otherwise("assignments.error.employee")
		.field("schedule_id", "assignments.error.schedule")
		.field("valid_from", "assignments.error.validFrom")
		.field("user_id", "employee_id", "assignments.error.employee");

	private final Schedules schedules;

	private final EmployeeChoices employees;

	ScheduleAssignmentPages(Schedules schedules, EmployeeChoices employees) {
		this.schedules = schedules;
		this.employees = employees;
	}

	/** What the form sends, as typed (a date not sent: blank). */
	record Form(@BindParam("employee_id") @Nullable Long employeeId,
			@BindParam("schedule_id") @Nullable Long scheduleId, @BindParam("valid_from") String validFrom) {

		Form {
			validFrom = validFrom == null ? "" : validFrom;
		}

	}

	@GetMapping({ "/app/schedules/assignments", "/app/schedules/assignments/" })
	@Requires("timeclock.schedules.view")
	String assignments(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId, Model model) {
		return page(model, employeeId, new Form(employeeId, null, ""));
	}

	@PostMapping({ "/app/schedules/assignments", "/app/schedules/assignments/" })
	@Requires("timeclock.schedules.change")
	String assign(Form form, Model model, RedirectAttributes redirect) {
		Long employeeId = form.employeeId();
		if (employeeId == null || !this.employees.isEmployee(employeeId)) {
			FormErrors.problem(model, "assignments.error.employee");
			return page(model, null, form);
		}
		InvalidRequest.Builder typed = InvalidRequest.builder();
		LocalDate from = JornadaForms.date(form.validFrom(), "valid_from", "assignments.error.validFrom", typed);
		return FormErrors.submit(model, FIELDS, () -> {
			typed.throwIfAny();
			return this.schedules.assign(employeeId, new ScheduleAssignmentRequest(form.scheduleId(), from),
					CurrentUser.get().id());
		}, made -> {
			redirect.addFlashAttribute("assigned", made.scheduleName());
			return "redirect:/app/schedules/assignments?employee_id=" + employeeId;
		}, () -> page(model, employeeId, form));
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
