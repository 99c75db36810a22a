package br.suite.fins;

import java.sql.Date;
import java.time.LocalDate;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import br.suite.shared.DailyReminders;
import br.suite.shared.DateTimes;

/**
 * Every day at 07:00 in São Paulo, publishes {@link FinsRecordOverdue} for each open
 * record (not concluído) past its data_limite, once per record and day, once across
 * instances ({@link DailyReminders}).
 */
@Component
class OverdueReminders {

	private static final long LOCK = 7426103;

	private final DailyReminders reminders;

	OverdueReminders(DailyReminders reminders) {
		this.reminders = reminders;
	}

	@Scheduled(cron = "0 0 7 * * *", zone = DateTimes.BRAZIL_ZONE_ID)
	void daily() {
		run(LocalDate.now(DateTimes.BRAZIL));
	}

	/**
	 * Publishes the day's reminders not published yet; returns how many (0 when another
	 * instance runs).
	 */
	int run(LocalDate today) {
		return this.reminders.publish(LOCK,
				jdbc -> jdbc.sql("""
						WITH fresh AS (
						    INSERT INTO fins_overdue_reminder (record_id, day)
						    SELECT id, :today FROM fins_record WHERE NOT concluido AND data_limite < :today
						    ON CONFLICT DO NOTHING RETURNING record_id)
						SELECT r.id, r.cliente_id, r.titulo, r.data_limite FROM fins_record r
						JOIN fresh f ON f.record_id = r.id ORDER BY r.id""")
					.param("today", Date.valueOf(today))
					.query((rs, n) -> new FinsRecordOverdue(rs.getLong("id"), rs.getLong("cliente_id"),
							rs.getString("titulo"), rs.getDate("data_limite").toLocalDate()))
					.list());
	}

}
