package br.suite.processdocs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;

/**
 * The daily review reminder: documents due within 30 days or overdue, once per document
 * and day.
 */
@RecordApplicationEvents
class ReviewRemindersApiTests extends ProcessDocsTest {

	@Autowired
	ReviewReminders reminders;

	@Autowired
	ApplicationEvents events;

	List<Long> published() {
		return this.events.stream(DocumentReviewDue.class).map(DocumentReviewDue::documentId).toList();
	}

	@Test
	void documentsDueWithinTheNoticeWindowAreRemindedOncePerDay() {
		java.time.LocalDate today = today();
		long soon = createId(",\"review_cycle_days\":30,\"last_review_at\":\"" + today.minusDays(20) + "\"");
		long late = createId(",\"review_cycle_days\":30,\"last_review_at\":\"" + today.minusDays(40) + "\"");
		long far = createId(",\"review_cycle_days\":365,\"last_review_at\":\"" + today.minusDays(10) + "\"");

		this.reminders.run(today);
		assertThat(published()).contains(soon, late).doesNotContain(far);
		DocumentReviewDue overdue = this.events.stream(DocumentReviewDue.class)
			.filter(e -> e.documentId() == late)
			.findFirst()
			.orElseThrow();
		assertThat(overdue.overdue()).isTrue();
		assertThat(overdue.nextReviewAt()).isEqualTo(today.minusDays(10));
		assertThat(this.events.stream(DocumentReviewDue.class)
			.filter(e -> e.documentId() == soon)
			.findFirst()
			.orElseThrow()
			.overdue()).isFalse();

		this.events.clear();
		this.reminders.run(today);
		assertThat(published()).doesNotContain(soon, late);
		this.reminders.run(today.plusDays(1));
		assertThat(published()).contains(soon, late).doesNotContain(far);
	}

}
