package br.suite.processdocs;

import java.sql.Date;
import java.time.LocalDate;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import br.suite.shared.DailyReminders;
import br.suite.shared.DateTimes;

/**
 * Every day at 07:00 in São Paulo, publishes {@link DocumentReviewDue} for each document
 * (not obsolete) whose next review is within {@code suite.processdocs.review-notice-days}
 * (30) or past, once per document and day, once across instances
 * ({@link DailyReminders}).
 */
@Component
class ReviewReminders {

	private static final long LOCK = 7426102;

	private final DailyReminders reminders;

	private final int noticeDays;

	ReviewReminders(DailyReminders reminders, @Value("${suite.processdocs.review-notice-days:30}") int noticeDays) {
		this.reminders = reminders;
		this.noticeDays = noticeDays;
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
						    INSERT INTO processdocs_review_reminder (document_id, day)
						    SELECT id, :today FROM processdocs_document
						    WHERE status <> 'obsolete' AND next_review_at <= :dueBy
						    ON CONFLICT DO NOTHING RETURNING document_id)
						SELECT d.id, d.code, d.title, d.owner, d.next_review_at FROM processdocs_document d
						JOIN fresh f ON f.document_id = d.id ORDER BY d.id""")
					.param("today", Date.valueOf(today))
					.param("dueBy", Date.valueOf(today.plusDays(this.noticeDays)))
					.query((rs, n) -> new DocumentReviewDue(rs.getLong("id"), rs.getString("code"),
							rs.getString("title"), rs.getString("owner"), rs.getDate("next_review_at").toLocalDate(),
							rs.getDate("next_review_at").toLocalDate().isBefore(today)))
					.list());
	}

}
