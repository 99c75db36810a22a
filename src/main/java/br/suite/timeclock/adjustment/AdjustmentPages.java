package br.suite.timeclock.adjustment;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Function;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.access.AccessDirectory;
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

	/**
	 * The include form as typed (shown again when refused): the day as dd/mm/aaaa and the
	 * time as hh:mm, in the zone of the employee's establishment.
	 */
	record Inclusion(@BindParam("employee_id") @Nullable Long employeeId,
			@BindParam("event_type") @Nullable String eventType, @Nullable String date, @Nullable String time,
			@Nullable String reason) {

		Inclusion {
			eventType = eventType == null ? "" : eventType;
			date = date == null ? "" : date;
			time = time == null ? "" : time;
			reason = reason == null ? "" : reason;
		}

		/**
		 * The API's request; an unreadable day or time is refused at {@code occurred_at}.
		 */
		AdjustmentRequest request(Function<Long, ZoneId> zoneOf) {
			LocalDateTime at = FormInput.moment("occurred_at", this.date, this.time);
			OffsetDateTime occurredAt = at == null || this.employeeId == null ? null
					: at.atZone(zoneOf.apply(this.employeeId)).toOffsetDateTime();
			return new AdjustmentRequest("include", null, this.employeeId,
					this.eventType.isBlank() ? null : this.eventType, occurredAt, this.reason);
		}

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
	String include(Inclusion inclusion, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> record(inclusion.request(this::zoneOf)), made -> {
			redirect.addFlashAttribute("recorded", name(made.employeeId()));
			return "redirect:/app/adjustments/";
		}, () -> adjustmentsPage(model, null, 1, inclusion));
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
		return FormErrors.submit(model, () -> record(new AdjustmentRequest("disregard", id, null, null, null, reason)),
				made -> {
					redirect.addFlashAttribute("disregarded", punch(id).nsr());
					return "redirect:/app/adjustments/";
				}, () -> {
					model.addAttribute("punch", punch(id));
					model.addAttribute("reason", reason);
					return "punch-disregard";
				});
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
