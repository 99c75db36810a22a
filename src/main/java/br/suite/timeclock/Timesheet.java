package br.suite.timeclock;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The espelho de ponto of an employee's month: every day with its marks, worked minutes
 * and flags.
 */
record Timesheet(long employeeId, String employeeName, @Nullable String employeeCpf, long establishmentId,
		String establishmentName, String timeZone, String month, List<Day> days, long workedMinutes, long flaggedDays,
		String note) {

	/** A mark of the day: a punch (struck when disregarded) or an included adjustment. */
	record Mark(OffsetDateTime at, String eventType, String origin, @Nullable Long punchId, @Nullable Long nsr,
			@Nullable Long adjustmentId, boolean disregarded, boolean needsReview, @Nullable String reason) {
	}

	record Day(LocalDate date, String weekday, List<Mark> marks, long workedMinutes, List<String> flags) {
	}

}
