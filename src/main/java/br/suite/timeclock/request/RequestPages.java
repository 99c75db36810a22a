package br.suite.timeclock.request;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessDirectory;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.ledger.EventType;
import br.suite.timeclock.ledger.Punch;
import br.suite.timeclock.ledger.PunchLedger;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;

/**
 * Employees' requests (issue 27 item 1) as pages: "Minhas solicitações", where an
 * employee asks for a forgotten mark, for one of their recent punches to be disregarded,
 * or for overtime to be pre-approved, and follows each decision; and "Solicitações para
 * decidir", the managers' queue of pending requests, approved or refused with a comment.
 * Both call {@link TimeclockRequests} as the API does, so its refusals (own request,
 * closed month, decided already) are the same, shown in Portuguese.
 */
@Controller
class RequestPages {

	/** How many days back an employee may pick a punch to disregard. */
	static final int DISREGARD_DAYS = 7;

	private static final int SHOWN = 100;

	private final TimeclockRequests requests;

	private final PunchLedger ledger;

	private final Establishments establishments;

	private final AccessDirectory users;

	RequestPages(TimeclockRequests requests, PunchLedger ledger, Establishments establishments, AccessDirectory users) {
		this.requests = requests;
		this.ledger = ledger;
		this.establishments = establishments;
		this.users = users;
	}

	/**
	 * A request as the pages show it: the instant of a mark in the zone of the employee's
	 * establishment, the punch of a disregard by its NSR.
	 */
	record Row(long id, long employeeId, String employeeName, String kind, String status, String reason,
			@Nullable OffsetDateTime at, @Nullable String eventType, @Nullable Long punchNsr,
			@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable Integer minutes, Instant createdAt,
			@Nullable String decidedByName, @Nullable Instant decidedAt, @Nullable String decisionComment,
			@Nullable String certificateSha256) {
	}

	/** What the forms send back when shown again. */
	record Form(String eventType, String date, String time, String reason, @Nullable Long punchId,
			String disregardReason, String overtimeDate, String minutes, String overtimeReason) {

		static Form empty() {
			return new Form("entrada", "", "", "", null, "", "", "", "");
		}

	}

	// The employee: Minhas solicitações

	@GetMapping({ "/app/my-requests", "/app/my-requests/" })
	@Requires("timeclock.own.request")
	String mine(Model model) {
		return minePage(model, Form.empty(), null);
	}

	/** The forgotten mark as typed: its type, the day (dd/mm/aaaa) and time (hh:mm). */
	record MarkForm(@BindParam("event_type") @Nullable String eventType, @Nullable String date, @Nullable String time,
			@Nullable String reason) {

		MarkForm {
			eventType = eventType == null ? "" : eventType;
			date = date == null ? "" : date;
			time = time == null ? "" : time;
			reason = reason == null ? "" : reason;
		}

		Form shown() {
			return new Form(this.eventType, this.date, this.time, this.reason, null, "", "", "", "");
		}

		/**
		 * The API's body; an unreadable day or time is refused at {@code occurred_at}.
		 */
		TimeclockRequestBody body(ZoneId zone) {
			LocalDateTime at = FormInput.moment("occurred_at", this.date, this.time);
			return new TimeclockRequestBody("include_mark", at == null ? null : at.atZone(zone).toOffsetDateTime(),
					FormInput.blank(this.eventType), null, null, null, null, null, null, this.reason);
		}

	}

	/** The punch to disregard and why. */
	record DisregardForm(@BindParam("punch_id") @Nullable Long punchId, @Nullable String reason) {

		DisregardForm {
			reason = reason == null ? "" : reason;
		}

		Form shown() {
			return new Form("entrada", "", "", "", this.punchId, this.reason, "", "", "");
		}

		TimeclockRequestBody body() {
			return new TimeclockRequestBody("disregard_mark", null, null, this.punchId, null, null, null, null, null,
					this.reason);
		}

	}

	/** The overtime to pre-approve: the day (dd/mm/aaaa), the minutes and why. */
	record OvertimeForm(@Nullable String date, @Nullable String minutes, @Nullable String reason) {

		OvertimeForm {
			date = date == null ? "" : date;
			minutes = minutes == null ? "" : minutes;
			reason = reason == null ? "" : reason;
		}

		Form shown() {
			return new Form("entrada", "", "", "", null, "", this.date, this.minutes, this.reason);
		}

		/** The API's body; an unreadable day or number is refused at its field. */
		TimeclockRequestBody body() {
			LocalDate day = FormInput.day("date", this.date);
			Integer extra;
			try {
				extra = this.minutes.isBlank() ? null : Integer.valueOf(this.minutes.strip());
			}
			catch (NumberFormatException ex) {
				throw InvalidRequest.of("minutes", "{invalid.minutes}");
			}
			return new TimeclockRequestBody("overtime", null, null, null, null, null, null, day, extra, this.reason);
		}

	}

	@PostMapping("/app/my-requests/include")
	@Requires("timeclock.own.request")
	String include(MarkForm form, Model model, RedirectAttributes redirect) {
		CurrentUser caller = CurrentUser.get();
		return ask(() -> form.body(zoneOf(caller.id())), caller, model, redirect, form.shown(), "include");
	}

	@PostMapping("/app/my-requests/disregard")
	@Requires("timeclock.own.request")
	String disregard(DisregardForm form, Model model, RedirectAttributes redirect) {
		return ask(form::body, CurrentUser.get(), model, redirect, form.shown(), "disregard");
	}

	@PostMapping("/app/my-requests/overtime")
	@Requires("timeclock.own.request")
	String overtime(OvertimeForm form, Model model, RedirectAttributes redirect) {
		return ask(form::body, CurrentUser.get(), model, redirect, form.shown(), "overtime");
	}

	/** Files the request the form describes; a refusal shows that form again. */
	private String ask(Supplier<TimeclockRequestBody> body, CurrentUser caller, Model model,
			RedirectAttributes redirect, Form form, String which) {
		return FormErrors.submit(model, () -> this.requests.create(body.get(), caller), made -> {
			redirect.addFlashAttribute("asked", made.id());
			return "redirect:/app/my-requests/";
		}, () -> minePage(model, form, which));
	}

	private String minePage(Model model, Form form, @Nullable String failed) {
		long me = CurrentUser.get().id();
		model.addAttribute("requests", rows(this.requests.list(me, null, null, new Paging(SHOWN, 0), true)));
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		List<Punch> punches = this.ledger
			.list(new PunchLedger.Filter(me, today.minusDays(DISREGARD_DAYS), today, null, null), new Paging(200, 0))
			.items()
			.stream()
			.filter(p -> !p.disregarded())
			.toList();
		model.addAttribute("punches", punches);
		model.addAttribute("eventTypes", EventType.wireValues());
		model.addAttribute("form", form);
		model.addAttribute("failed", failed);
		model.addAttribute("disregardDays", DISREGARD_DAYS);
		return "my-requests";
	}

	// The managers: Solicitações para decidir

	@GetMapping({ "/app/requests", "/app/requests/" })
	@Requires("timeclock.requests.decide")
	String queue(Model model) {
		return queuePage(model, null, "");
	}

	@PostMapping("/app/requests/{id:\\d+}/approve")
	@Requires("timeclock.requests.decide")
	String approve(@PathVariable long id, DecisionBody body, Model model, RedirectAttributes redirect) {
		return decide(id, true, body, model, redirect);
	}

	@PostMapping("/app/requests/{id:\\d+}/refuse")
	@Requires("timeclock.requests.decide")
	String refuse(@PathVariable long id, DecisionBody body, Model model, RedirectAttributes redirect) {
		return decide(id, false, new DecisionBody(body.comment()), model, redirect);
	}

	private String decide(long id, boolean approve, DecisionBody body, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.requests.decide(id, approve, body, CurrentUser.get()), decided -> {
			redirect.addFlashAttribute(approve ? "approved" : "refused", name(decided.employeeId()));
			return "redirect:/app/requests/";
		}, () -> queuePage(model, id, body.comment()));
	}

	private String queuePage(Model model, @Nullable Long deciding, String comment) {
		ListQuery.Page<TimeclockRequestResponse> pending = this.requests.list(null, "pending", null,
				new Paging(SHOWN, 0), false);
		model.addAttribute("requests", rows(pending));
		model.addAttribute("total", pending.total());
		model.addAttribute("deciding", deciding);
		model.addAttribute("comment", comment);
		model.addAttribute("myId", CurrentUser.get().id());
		return "requests";
	}

	private List<Row> rows(ListQuery.Page<TimeclockRequestResponse> listing) {
		return listing.items().stream().map(this::row).toList();
	}

	private Row row(TimeclockRequestResponse r) {
		Punch punch = r.punchId() == null ? null : this.ledger.get(r.punchId()).orElse(null);
		OffsetDateTime at = punch != null ? punch.occurredAtLocal()
				: r.occurredAt() == null ? null : r.occurredAt().atZone(zoneOf(r.employeeId())).toOffsetDateTime();
		boolean overtime = "overtime".equals(r.kind());
		return new Row(r.id(), r.employeeId(), name(r.employeeId()), r.kind(), r.status(), r.reason(), at,
				punch != null ? punch.eventType() : r.eventType(), punch == null ? null : punch.nsr(),
				overtime ? r.date() : r.dateFrom(), overtime ? r.date() : r.dateTo(), r.minutes(), r.createdAt(),
				r.decidedBy() == null ? null : name(r.decidedBy()), r.decidedAt(), r.decisionComment(),
				r.hasCertificate() ? r.certificateSha256() : null);
	}

	private String name(long userId) {
		return this.users.find(userId).map(AccessDirectory.UserSummary::displayName).orElse("#" + userId);
	}

	/** The zone of the employee's establishment ({@link Establishments#zoneOf}). */
	private ZoneId zoneOf(long employeeId) {
		return this.establishments
			.zoneOf(this.users.find(employeeId).map(AccessDirectory.UserSummary::establishmentId).orElse(null));
	}

	/** Requests waiting for a decision. */
	@Bean
	static DashboardTile requestsToDecideTile(TimeclockRequests requests) {
		return DashboardTile.of("timeclock.requests.decide",
				() -> new DashboardTile.Count(11, "contagem-solicitacoes",
						requests.list(null, "pending", null, new Paging(1, 0), false).total(),
						"dashboard.requestsToDecide", "/app/requests/"));
	}

}
