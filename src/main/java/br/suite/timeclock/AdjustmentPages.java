package br.suite.timeclock;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Adjustments of the punch ledger: a forgotten punch included, a punch disregarded, each
 * with its reason. Times are shown in the zone of the employee's establishment.
 */
@Controller
class AdjustmentPages {

	private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/uuuu")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private final TimeclockAdministration timeclock;

	private final AccessAdministration access;

	private final PunchDesk punches;

	AdjustmentPages(TimeclockAdministration timeclock, AccessAdministration access, PunchDesk punches) {
		this.timeclock = timeclock;
		this.access = access;
		this.punches = punches;
	}

	@GetMapping({ "/app/adjustments", "/app/adjustments/" })
	@Requires("timeclock.punches.view")
	String adjustments(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		return adjustmentsPage(model, employeeId, pagina, new Inclusion(null, "entrada", "", "", ""));
	}

	/** What the include form sends back when it is shown again. */
	record Inclusion(@Nullable Long employeeId, String eventType, String date, String time, String reason) {
	}

	private String adjustmentsPage(Model model, @Nullable Long employeeId, int pagina, Inclusion inclusion) {
		TimeclockAdministration.AdjustmentPage page = this.timeclock.adjustments(employeeId, Pager.SIZE,
				Pager.offset(pagina));
		model.addAttribute("adjustments", page.adjustments());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("eventTypes", this.punches.eventTypes());
		model.addAttribute("inclusion", inclusion);
		return "adjustments";
	}

	@PostMapping("/app/adjustments/include")
	@Requires("timeclock.adjustments.change")
	String include(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(name = "event_type", defaultValue = "") String eventType,
			@RequestParam(defaultValue = "") String date, @RequestParam(defaultValue = "") String time,
			@RequestParam(defaultValue = "") String reason, Model model, RedirectAttributes redirect) {
		Inclusion inclusion = new Inclusion(employeeId, eventType, date, time, reason);
		LocalDateTime at = null;
		if (!date.isBlank() || !time.isBlank()) {
			try {
				at = LocalDateTime.of(LocalDate.parse(date.strip(), DATE), LocalTime.parse(time.strip(), TIME));
			}
			catch (DateTimeParseException ex) {
				FormErrors.field(model, "occurred_at", "Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
				return adjustmentsPage(model, null, 1, inclusion);
			}
		}
		try {
			TimeclockAdministration.AdjustmentView made = this.timeclock.include(employeeId,
					eventType.isBlank() ? null : eventType, at, reason, PageModel.caller());
			redirect.addFlashAttribute("recorded", made.employeeName());
			return "redirect:/app/adjustments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return adjustmentsPage(model, null, 1, inclusion);
		}
	}

	/** The confirmation of disregarding a punch, with its mandatory reason. */
	@GetMapping("/app/punches/{id:\\d+}/disregard")
	@Requires("timeclock.adjustments.change")
	String confirmDisregard(@PathVariable long id, Model model) {
		model.addAttribute("punch", this.timeclock.punch(id));
		model.addAttribute("reason", "");
		return "punch-disregard";
	}

	@PostMapping("/app/punches/{id:\\d+}/disregard")
	@Requires("timeclock.adjustments.change")
	String disregard(@PathVariable long id, @RequestParam(defaultValue = "") String reason, Model model,
			RedirectAttributes redirect) {
		try {
			TimeclockAdministration.AdjustmentView made = this.timeclock.disregard(id, reason, PageModel.caller());
			redirect.addFlashAttribute("disregarded", made.punchNsr());
			return "redirect:/app/adjustments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("punch", this.timeclock.punch(id));
			model.addAttribute("reason", reason);
			return "punch-disregard";
		}
	}

}
