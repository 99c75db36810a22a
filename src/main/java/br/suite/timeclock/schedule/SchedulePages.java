package br.suite.timeclock.schedule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.TimeclockProblems;
import br.suite.web.FormErrors;
import br.suite.web.FormFields;

/**
 * The work schedules (issue 24 item 1): the list with a summary of each, the form of a
 * weekly schedule (the intervals of each day typed as {@code 08:00-12:00, 13:00-17:00},
 * the weekly rest) or of a cycle (12x36), the tolerances, the banco de horas with its
 * expiry and the reduced night hour; deleting a schedule nobody was ever assigned.
 */
@Controller
class SchedulePages {

	/** The module's fields at the form's, in the form's words. */
	private static final FormFields FIELDS = fields();

	private final Schedules schedules;

	private final JornadaForms forms;

	SchedulePages(Schedules schedules, JornadaForms forms) {
		this.schedules = schedules;
		this.forms = forms;
	}

	/** A schedule as the list shows it. */
	record Row(long id, String name, String kind, List<String> summary, int perMark, int daily, boolean timeBank,
			int expiryMonths, boolean inUse) {
	}

	/** What the form sends (and shows again), every field as typed. */
	record Form(String name, String kind, Map<String, String> days, String restDay, String cycleStart, String workDays,
			String offDays, String intervals, String perMark, String daily, boolean timeBank, String expiryMonths,
			boolean nightReducedHour) {
	}

	@GetMapping({ "/app/schedules", "/app/schedules/" })
	@Requires("timeclock.schedules.view")
	String list(Model model) {
		List<Row> rows = new ArrayList<>();
		for (ScheduleResponse s : this.schedules.list(new Paging(null, null)).items()) {
			rows.add(new Row(s.id(), s.name(), s.kind(), summary(s), s.tolerancePerMarkMinutes(),
					s.toleranceDailyMinutes(), s.timeBank(), s.timeBankExpiryMonths(), s.inUse()));
		}
		model.addAttribute("schedules", rows);
		return "schedules";
	}

	@GetMapping("/app/schedules/new")
	@Requires("timeclock.schedules.change")
	String newSchedule(Model model) {
		Map<String, String> days = new LinkedHashMap<>();
		Schedules.DAY_KEYS.forEach(d -> days.put(d, ""));
		return form(model, null, new Form("", "weekly", days, "sun", "", "1", "1", "", "5", "10", false, "6", true));
	}

	@PostMapping("/app/schedules/new")
	@Requires("timeclock.schedules.change")
	String create(@RequestParam Map<String, String> params, Model model, RedirectAttributes redirect) {
		Form form = form(params);
		return FormErrors.submit(model, FIELDS, () -> this.schedules.create(request(form)),
				created -> saved(created, redirect), () -> form(model, null, form));
	}

	@GetMapping("/app/schedules/{id:\\d+}")
	@Requires("timeclock.schedules.change")
	String edit(@PathVariable long id, Model model) {
		ScheduleResponse s = this.schedules.get(id);
		Map<String, String> days = new LinkedHashMap<>();
		Schedules.DAY_KEYS.forEach(d -> days.put(d, s.days() == null ? "" : JornadaForms.intervals(s.days().get(d))));
		return form(model, id,
				new Form(s.name(), s.kind(), days, s.restDay() == null ? "sun" : s.restDay(),
						JornadaForms.date(s.cycleStart()), s.workDays() == null ? "1" : s.workDays().toString(),
						s.offDays() == null ? "1" : s.offDays().toString(), JornadaForms.intervals(s.intervals()),
						Integer.toString(s.tolerancePerMarkMinutes()), Integer.toString(s.toleranceDailyMinutes()),
						s.timeBank(), Integer.toString(s.timeBankExpiryMonths()), s.nightReducedHour()));
	}

	@PostMapping("/app/schedules/{id:\\d+}")
	@Requires("timeclock.schedules.change")
	String update(@PathVariable long id, @RequestParam Map<String, String> params, Model model,
			RedirectAttributes redirect) {
		Form form = form(params);
		return FormErrors.submit(model, FIELDS, () -> {
			ScheduleRequest request = request(form);
			return this.schedules.update(id, current -> request);
		}, saved -> saved(saved, redirect), () -> form(model, id, form));
	}

	@PostMapping("/app/schedules/{id:\\d+}/delete")
	@Requires("timeclock.schedules.change")
	String delete(@PathVariable long id, Model model, RedirectAttributes redirect) {
		ScheduleResponse schedule = this.schedules.get(id);
		FormFields inUse = FormFields.otherwise("schedules.error.inUse")
			.problem(TimeclockProblems.ScheduleInUse.class, null, "schedules.error.inUse", schedule.name());
		return FormErrors.submit(model, inUse, () -> {
			this.schedules.delete(id);
			return schedule;
		}, deleted -> {
			redirect.addFlashAttribute("deleted", deleted.name());
			return "redirect:/app/schedules/";
		}, () -> list(model));
	}

	private static String saved(ScheduleResponse saved, RedirectAttributes redirect) {
		redirect.addFlashAttribute("saved", saved.name());
		return "redirect:/app/schedules/";
	}

	private static String form(Model model, @Nullable Long id, Form form) {
		model.addAttribute("scheduleId", id);
		model.addAttribute("form", form);
		model.addAttribute("dayKeys", Schedules.DAY_KEYS);
		return "schedule-form";
	}

	private static Form form(Map<String, String> params) {
		Map<String, String> days = new LinkedHashMap<>();
		Schedules.DAY_KEYS.forEach(d -> days.put(d, params.getOrDefault("day_" + d, "")));
		return new Form(params.getOrDefault("name", ""), params.getOrDefault("kind", ""), days,
				params.getOrDefault("rest_day", "sun"), params.getOrDefault("cycle_start", ""),
				params.getOrDefault("work_days", ""), params.getOrDefault("off_days", ""),
				params.getOrDefault("intervals", ""), params.getOrDefault("tolerance_per_mark_minutes", ""),
				params.getOrDefault("tolerance_daily_minutes", ""), "true".equals(params.get("time_bank")),
				params.getOrDefault("time_bank_expiry_months", ""), "true".equals(params.get("night_reduced_hour")));
	}

	/**
	 * The request the form stands for; what cannot be read is refused at its field and
	 * the request is not sent. Only the chosen kind's fields are read.
	 */
	private static ScheduleRequest request(Form form) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		boolean weekly = "weekly".equals(form.kind());
		boolean cycle = "cycle".equals(form.kind());
		if (!weekly && !cycle) {
			errors.add("kind", "{schedules.error.kind}");
		}
		Map<String, @Nullable List<ScheduleRequest.Interval>> days = null;
		if (weekly) {
			days = new LinkedHashMap<>();
			for (String d : Schedules.DAY_KEYS) {
				days.put(d, JornadaForms.intervals(form.days().get(d), "day_" + d, "schedules.error.day", errors));
			}
		}
		List<ScheduleRequest.Interval> intervals = cycle
				? JornadaForms.intervals(form.intervals(), "intervals", "schedules.error.intervals", errors) : null;
		ScheduleRequest request = new ScheduleRequest(form.name(), weekly || cycle ? form.kind() : null, days,
				weekly ? form.restDay() : null,
				cycle ? JornadaForms.date(form.cycleStart(), "cycle_start", "schedules.error.cycleStart", errors)
						: null,
				cycle ? JornadaForms.number(form.workDays(), "work_days", "schedules.error.workDays", errors) : null,
				cycle ? JornadaForms.number(form.offDays(), "off_days", "schedules.error.workDays", errors) : null,
				intervals,
				JornadaForms.number(form.perMark(), "tolerance_per_mark_minutes", "schedules.error.perMark", errors),
				JornadaForms.number(form.daily(), "tolerance_daily_minutes", "schedules.error.daily", errors),
				form.timeBank(),
				JornadaForms.number(form.expiryMonths(), "time_bank_expiry_months", "schedules.error.expiry", errors),
				form.nightReducedHour());
		errors.throwIfAny();
		return request;
	}

	/** Lines such as {@code seg: 08:00-12:00, 13:00-17:00} and {@code DSR: dom}. */
	private List<String> summary(ScheduleResponse s) {
		List<String> lines = new ArrayList<>();
		if ("cycle".equals(s.kind())) {
			lines.add(this.forms.text("schedules.summaryCycle", s.workDays(), s.offDays(),
					JornadaForms.date(s.cycleStart()), JornadaForms.intervals(s.intervals())));
			return lines;
		}
		for (String d : Schedules.DAY_KEYS) {
			List<ScheduleRequest.Interval> day = s.days() == null ? null : s.days().get(d);
			if (day != null && !day.isEmpty()) {
				lines.add(this.forms.text("schedules.summaryDay", this.forms.text("schedules.dayShort." + d),
						JornadaForms.intervals(day)));
			}
		}
		if (s.restDay() != null) {
			lines.add(this.forms.text("schedules.summaryRest", this.forms.text("schedules.dayShort." + s.restDay())));
		}
		return lines;
	}

	private static FormFields fields() {
		FormFields fields = FormFields.otherwise("schedules.error.name")
			.field("name", "schedules.error.name")
			.field("kind", "schedules.error.kind");
		for (String d : Schedules.DAY_KEYS) {
			fields.field("days." + d, "day_" + d, "schedules.error.day");
		}
		return fields.field("days", "day_mon", "schedules.error.day")
			.field("rest_day", "schedules.error.restDay")
			.field("cycle_start", "schedules.error.cycleStart")
			.field("work_days", "schedules.error.workDays")
			.field("off_days", "schedules.error.workDays")
			.field("intervals", "schedules.error.intervals")
			.field("tolerance_per_mark_minutes", "schedules.error.perMark")
			.field("tolerance_daily_minutes", "schedules.error.daily")
			.field("time_bank_expiry_months", "schedules.error.expiry");
	}

}
