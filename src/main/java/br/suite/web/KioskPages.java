package br.suite.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.AccessDirectory;
import br.suite.access.EmployeeLookup;
import br.suite.shared.ApiProblem;
import br.suite.timeclock.PunchDesk;

/**
 * The punch kiosk: a tablet signed in with a kiosk account. A person says who they are, sees their name,
 * picks the event and registers; the snapshot comes from the camera, or a blank frame when there is none
 * (the punch is then recorded for review, never refused).
 */
@Controller
class KioskPages {

	private final EmployeeLookup employees;

	private final PunchDesk punches;

	private final Formats fmt;

	KioskPages(EmployeeLookup employees, PunchDesk punches, Formats fmt) {
		this.employees = employees;
		this.punches = punches;
		this.fmt = fmt;
	}

	@GetMapping({ "/kiosk", "/kiosk/" })
	String kiosk(Model model) {
		model.addAttribute("eventTypes", this.punches.eventTypes());
		return "kiosk";
	}

	/** htmx: the name of the employee behind an identifier, to confirm before punching. */
	@GetMapping("/kiosk/employee")
	String employee(@RequestParam(defaultValue = "") String identifier, Model model) {
		Optional<AccessDirectory.UserSummary> employee = this.employees.find(identifier);
		model.addAttribute("employee", employee.orElse(null));
		model.addAttribute("identifier", identifier);
		model.addAttribute("eventTypes", this.punches.eventTypes());
		return "kiosk :: confirmation";
	}

	@PostMapping("/kiosk/punch")
	String punch(@RequestParam(name = "employee_id", defaultValue = "0") long employeeId,
			@RequestParam(name = "event_type", defaultValue = "") String eventType,
			@RequestParam(name = "snapshot", defaultValue = "") String snapshot,
			@RequestParam(name = "camera", defaultValue = "none") String camera,
			@RequestParam(name = "idempotency_key", defaultValue = "") String key, Model model) {
		try {
			PunchDesk.PunchView punch = this.punches.register(eventType, employeeId, snapshot, "device",
					key.isBlank() ? null : key);
			model.addAttribute("punch", punch);
			model.addAttribute("cameraMissing", !"ok".equals(camera));
			model.addAttribute("record", "data:text/plain;charset=utf-8," + URLEncoder
				.encode(record(punch), StandardCharsets.UTF_8).replace("+", "%20"));
			return "kiosk :: result";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return "kiosk :: refused";
		}
	}

	/** The punch record the person may keep (the signed PDF receipt comes with a later issue). */
	private String record(PunchDesk.PunchView punch) {
		return "Registro de ponto\n" + "NSR: " + punch.nsr() + "\n" + "Empregado: " + punch.employeeName() + " (id "
				+ punch.employeeId() + ")\n" + "Evento: " + punch.eventType() + "\n" + "Data e hora: "
				+ this.fmt.dateTime(punch.occurredAt()) + " (America/Sao_Paulo)\n" + "Hash (SHA-256): " + punch.hash()
				+ "\n";
	}

}
