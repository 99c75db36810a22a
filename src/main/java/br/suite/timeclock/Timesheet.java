package br.suite.timeclock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * The espelho de ponto of an employee's month: every day with its expected schedule, its
 * marks and the figures and flags of the jornada computation (jornada-clt.md §1), with
 * the month's totals and banco de horas. Of a closed month it is the frozen espelho
 * ({@link MonthClosings}), with {@code closing} set.
 */
public record Timesheet(long employeeId, String employeeName, @Nullable String employeeCpf, long establishmentId,
		String establishmentName, String timeZone, String month, List<Day> days, long workedMinutes, long flaggedDays,
		String note, int expectedMinutes, int nightMinutes, int nightPaidMinutes,
		@JsonProperty("overtime_50_minutes") int overtime50Minutes,
		@JsonProperty("overtime_100_minutes") int overtime100Minutes, int delayMinutes, int absenceMinutes,
		int justifiedMinutes, int bankMinutes, int dsrLostCount, int bankPreviousBalanceMinutes, int bankBalanceMinutes,
		int bankExpiredCreditMinutes, int bankExpiredDebitMinutes, @Nullable Closing closing) {

	/** The same espelho marked as frozen by a closing. */
	public Timesheet closed(@Nullable Closing closing) {
		return new Timesheet(this.employeeId, this.employeeName, this.employeeCpf, this.establishmentId,
				this.establishmentName, this.timeZone, this.month, this.days, this.workedMinutes, this.flaggedDays,
				this.note, this.expectedMinutes, this.nightMinutes, this.nightPaidMinutes, this.overtime50Minutes,
				this.overtime100Minutes, this.delayMinutes, this.absenceMinutes, this.justifiedMinutes,
				this.bankMinutes, this.dsrLostCount, this.bankPreviousBalanceMinutes, this.bankBalanceMinutes,
				this.bankExpiredCreditMinutes, this.bankExpiredDebitMinutes, closing);
	}

	/** A mark of the day: a punch (struck when disregarded) or an included adjustment. */
	public record Mark(OffsetDateTime at, String eventType, String origin, @Nullable Long punchId, @Nullable Long nsr,
			@Nullable Long adjustmentId, boolean disregarded, boolean needsReview, @Nullable String reason) {
	}

	/** A scheduled interval of the day, local date-times. */
	public record Scheduled(OffsetDateTime start, OffsetDateTime end) {
	}

	/**
	 * @param kind work, off, rest, holiday or unassigned
	 * @param open the day's window has not ended: only expected, worked and night figures
	 */
	public record Day(LocalDate date, String weekday, List<Mark> marks, long workedMinutes, List<String> flags,
			String kind, boolean open, List<Scheduled> expected, int expectedMinutes, int nightMinutes,
			int nightPaidMinutes, @JsonProperty("overtime_50_minutes") int overtime50Minutes,
			@JsonProperty("overtime_100_minutes") int overtime100Minutes, int delayMinutes, int absenceMinutes,
			int justifiedMinutes, int bankMinutes) {
	}

	/**
	 * The closing that froze this espelho: its id, when, and the SHA-256 of the frozen
	 * PDF (what the employee signs); null while the month is open.
	 */
	public record Closing(long id, Instant closedAt, @Nullable String pdfSha256) {
	}

}
