package br.suite.timeclock.adjustment;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.access.AccessDirectory;
import br.suite.shared.ApiProblem;
import br.suite.shared.BeanChecks;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.ledger.EventType;
import br.suite.timeclock.ledger.Punch;
import br.suite.timeclock.ledger.PunchLedger;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Adjustments of the punch ledger: a forgotten punch included, a punch disregarded, each
 * with its reason. Times are shown in the zone of the employee's establishment.
 */
@Controller
class AdjustmentPages {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private final PunchAdjustments adjustments;

	private final PunchLedger ledger;

	private final Establishments establishments;

	private final AccessDirectory users;

	private final AccessAdministration access;

	private final Validator validator;

	AdjustmentPages(PunchAdjustments adjustments, PunchLedger ledger, Establishments establishments,
			AccessDirectory users, AccessAdministration access, Validator validator) {
		this.adjustments = adjustments;
		this.ledger = ledger;
		this.establishments = establishments;
		this.users = users;
		this.access = access;
		this.validator = validator;
	}

	/**
	 * An adjustment as the list shows it; {@code occurredAt} in the zone of the
	 * employee's establishment.
	 */
	record AdjustmentView(long id, String kind, long employeeId, String employeeName, @Nullable Long punchId,
			@Nullable Long punchNsr, @Nullable String eventType, @Nullable OffsetDateTime occurredAt, String reason,
			long createdBy, String createdByName, Instant createdAt) {
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
		List<AdjustmentView> page = this.adjustments.list(employeeId, new Paging(Pager.SIZE, Pager.offset(pagina)))
			.stream()
			.map(this::view)
			.toList();
		model.addAttribute("adjustments", page);
		model.addAttribute("pager", Pager.of(pagina, this.adjustments.count(employeeId)));
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("eventTypes", EventType.wireValues());
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
				at = LocalDateTime.of(LocalDate.parse(date.strip(), FormInput.DAY),
						LocalTime.parse(time.strip(), TIME));
			}
			catch (DateTimeParseException ex) {
				FormErrors.field(model, "occurred_at", "Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
				return adjustmentsPage(model, null, 1, inclusion);
			}
		}
		try {
			OffsetDateTime occurredAt = at == null || employeeId == null ? null
					: at.atZone(zoneOf(employeeId)).toOffsetDateTime();
			AdjustmentResponse made = record(new AdjustmentRequest("include", null, employeeId,
					eventType.isBlank() ? null : eventType, occurredAt, reason));
			redirect.addFlashAttribute("recorded", name(made.employeeId()));
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
		model.addAttribute("punch", punch(id));
		model.addAttribute("reason", "");
		return "punch-disregard";
	}

	@PostMapping("/app/punches/{id:\\d+}/disregard")
	@Requires("timeclock.adjustments.change")
	String disregard(@PathVariable long id, @RequestParam(defaultValue = "") String reason, Model model,
			RedirectAttributes redirect) {
		try {
			record(new AdjustmentRequest("disregard", id, null, null, null, reason));
			redirect.addFlashAttribute("disregarded", punch(id).nsr());
			return "redirect:/app/adjustments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("punch", punch(id));
			model.addAttribute("reason", reason);
			return "punch-disregard";
		}
	}

	/** Records the adjustment as {@code POST /api/timeclock/punch-adjustments/} does. */
	private AdjustmentResponse record(AdjustmentRequest request) {
		BeanChecks.check(this.validator, request);
		return this.adjustments.record(request, PageModel.caller());
	}

	private Punch punch(long id) {
		return this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id));
	}

	private AdjustmentView view(AdjustmentResponse a) {
		Punch punch = a.punchId() == null ? null : this.ledger.get(a.punchId()).orElse(null);
		OffsetDateTime at = punch != null ? punch.occurredAtLocal()
				: a.occurredAt() == null ? null : a.occurredAt().atZone(zoneOf(a.employeeId())).toOffsetDateTime();
		return new AdjustmentView(a.id(), a.kind(), a.employeeId(), name(a.employeeId()), a.punchId(),
				punch == null ? null : punch.nsr(), punch != null ? punch.eventType() : a.eventType(), at, a.reason(),
				a.createdBy(), name(a.createdBy()), a.createdAt());
	}

	private String name(long userId) {
		return this.users.find(userId).map(AccessDirectory.UserSummary::displayName).orElse("#" + userId);
	}

	/** The zone of the employee's establishment ({@link Establishments#zoneOf}). */
	private ZoneId zoneOf(long employeeId) {
		return this.establishments
			.zoneOf(this.users.find(employeeId).map(AccessDirectory.UserSummary::establishmentId).orElse(null));
	}

}
