package br.suite.processdocs;

import java.sql.Date;
import java.time.LocalDate;
import java.util.List;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.shared.DailyReminder;
import br.suite.shared.DailyReminders;

/**
 * Every day at 07:00 in São Paulo, publishes {@link DocumentReviewDue} for each document
 * (not obsolete) whose next review is within {@code suite.processdocs.review-notice-days}
 * (30) or past, once per document and day, once across instances ({@link DailyReminder}).
 */
@Component
class ReviewReminders extends DailyReminder {

	private final int noticeDays;

	ReviewReminders(DailyReminders reminders, @Value("${suite.processdocs.review-notice-days:30}") int noticeDays) {
		super(reminders, 7426102);
		this.noticeDays = noticeDays;
	}

	@Override
	protected List<DocumentReviewDue> fresh(JdbcClient jdbc, LocalDate today) {
		return jdbc.sql("""
				WITH fresh AS (
				    INSERT INTO processdocs_review_reminder (document_id, day)
				    SELECT id, :today FROM processdocs_document
				    WHERE status <> 'obsolete' AND next_review_at <= :dueBy
				    ON CONFLICT DO NOTHING RETURNING document_id)
				SELECT d.id, d.code, d.title, d.owner, d.next_review_at FROM processdocs_document d
				JOIN fresh f ON f.document_id = d.id ORDER BY d.id""")
			.param("today", Date.valueOf(today))
			.param("dueBy", Date.valueOf(today.plusDays(this.noticeDays)))
			.query((rs, n) -> new DocumentReviewDue(rs.getLong("id"), rs.getString("code"), rs.getString("title"),
					rs.getString("owner"), rs.getDate("next_review_at").toLocalDate(),
					rs.getDate("next_review_at").toLocalDate().isBefore(today)))
			.list();
	}

}
