package br.suite.shared;

import java.time.LocalDate;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * A module's daily reminder: every day at 07:00 in São Paulo, {@link #run} publishes
 * through {@link DailyReminders} the events {@link #fresh} records for the day, once per
 * record and day, once across instances. A module extends it with its lock and its query
 * ({@code fins.OverdueReminders}, {@code processdocs.ReviewReminders}).
 */
public abstract class DailyReminder {

	private final DailyReminders reminders;

	private final long lock;

	/**
	 * @param lock the advisory lock's key, one per reminder
	 */
	protected DailyReminder(DailyReminders reminders, long lock) {
		this.reminders = reminders;
		this.lock = lock;
	}

	@Scheduled(cron = "0 0 7 * * *", zone = DateTimes.BRAZIL_ZONE_ID)
	void daily() {
		run(LocalDate.now(DateTimes.BRAZIL));
	}

	/**
	 * Publishes the day's reminders not published yet; returns how many (0 when another
	 * instance runs).
	 */
	public int run(LocalDate today) {
		return this.reminders.publish(this.lock, jdbc -> fresh(jdbc, today));
	}

	/**
	 * Records the day's reminders not recorded yet (the reminder table's key refuses a
	 * second one for the same record and day) and returns them as events.
	 */
	protected abstract List<?> fresh(JdbcClient jdbc, LocalDate today);

}
