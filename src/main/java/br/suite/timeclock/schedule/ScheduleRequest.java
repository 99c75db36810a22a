package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The writable fields of a work schedule (jornada-clt.md §3); validated by
 * {@link Schedules}. Defaults: rest_day sun, tolerances 5 and 10, time_bank false with 6
 * months, night_reduced_hour true.
 */
record ScheduleRequest(@Schema(description = "1–120 characters", example = "Comercial") @Nullable String name,
		@Schema(description = "weekly or cycle", example = "weekly") @Nullable String kind,
		@Schema(description = "weekly: keys mon…sun, each a list of intervals (empty: a day off)",
				nullable = true) @Nullable Map<String, @Nullable List<Interval>> days,
		@Schema(description = "weekly: the weekly paid rest (DSR), an empty day; default sun",
				nullable = true) @Nullable String restDay,
		@Schema(description = "cycle: the first working day of a cycle",
				nullable = true) @Nullable LocalDate cycleStart,
		@Schema(description = "cycle: working days (12x36: 1)", nullable = true) @Nullable Integer workDays,
		@Schema(description = "cycle: days off (12x36: 1)", nullable = true) @Nullable Integer offDays,
		@Schema(description = "cycle: the intervals of a working day",
				nullable = true) @Nullable List<Interval> intervals,
		@Schema(description = "0–5, default 5 (CLT art. 58 §1)") @Nullable Integer tolerancePerMarkMinutes,
		@Schema(description = "0–10, default 10 (CLT art. 58 §1)") @Nullable Integer toleranceDailyMinutes,
		@Schema(description = "extra and missing minutes go to the banco de horas") @Nullable Boolean timeBank,
		@Schema(description = "1–12, default 6 (CLT art. 59 §2, §5)") @Nullable Integer timeBankExpiryMonths,
		@Schema(description = "night hour of 52 min 30 s (CLT art. 73 §1), default true") @Nullable Boolean nightReducedHour) {

	/** An interval {@code "HH:MM"}–{@code "HH:MM"}; it may cross midnight. */
	record Interval(@Schema(example = "08:00") @Nullable String start,
			@Schema(example = "12:00") @Nullable String end) {
	}

	ScheduleRequest {
		name = name == null ? null : name.strip();
		restDay = restDay == null ? "sun" : restDay;
		tolerancePerMarkMinutes = tolerancePerMarkMinutes == null ? 5 : tolerancePerMarkMinutes;
		toleranceDailyMinutes = toleranceDailyMinutes == null ? 10 : toleranceDailyMinutes;
		timeBank = timeBank != null && timeBank;
		timeBankExpiryMonths = timeBankExpiryMonths == null ? 6 : timeBankExpiryMonths;
		nightReducedHour = nightReducedHour == null || nightReducedHour;
	}

	static ScheduleRequest of(ScheduleResponse s) {
		return new ScheduleRequest(s.name(), s.kind(), s.days(), s.restDay(), s.cycleStart(), s.workDays(), s.offDays(),
				s.intervals(), s.tolerancePerMarkMinutes(), s.toleranceDailyMinutes(), s.timeBank(),
				s.timeBankExpiryMonths(), s.nightReducedHour());
	}

}
