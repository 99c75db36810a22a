package br.suite.shared;

import java.util.List;
import java.util.function.Function;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A day's reminders, published once across instances: in one transaction that holds an
 * advisory lock (an instance that cannot take it skips the run), the module's query
 * records the day's reminders not recorded yet (its reminder table's key refuses a second
 * one for the same record and day) and returns them as events, which are published in
 * that transaction. Used by fins' overdue records and processdocs' reviews due.
 */
@Component
public class DailyReminders {

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	private final ApplicationEventPublisher events;

	DailyReminders(JdbcClient jdbc, TransactionTemplate transactions, ApplicationEventPublisher events) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.events = events;
	}

	/**
	 * Publishes what {@code fresh} records and returns; how many (0 when another instance
	 * holds {@code lock}).
	 */
	public int publish(long lock, Function<JdbcClient, List<?>> fresh) {
		Integer published = this.transactions.execute(status -> {
			if (!this.jdbc.sql("SELECT pg_try_advisory_xact_lock(" + lock + ")").query(Boolean.class).single()) {
				return 0;
			}
			List<?> reminders = fresh.apply(this.jdbc);
			reminders.forEach(this.events::publishEvent);
			return reminders.size();
		});
		return published == null ? 0 : published;
	}

}
