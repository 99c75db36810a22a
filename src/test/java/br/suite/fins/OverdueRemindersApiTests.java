package br.suite.fins;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.config.CronTask;
import org.springframework.scheduling.config.ScheduledTaskHolder;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;

import br.suite.Api.Response;
import br.suite.ApiTest;

/**
 * The daily overdue reminder: open records past their deadline, once per record and day.
 */
@RecordApplicationEvents
class OverdueRemindersApiTests extends ApiTest {

	@Autowired
	OverdueReminders reminders;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	ApplicationEvents events;

	@Autowired
	List<ScheduledTaskHolder> schedules;

	long record(long cliente, LocalDate dataLimite, boolean concluido) {
		Response created = this.api.post("/api/fins/", json("cliente", cliente, "titulo", unique("Prazo"),
				"data_limite", dataLimite.toString(), "concluido", concluido));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	List<Long> published() {
		return this.events.stream(FinsRecordOverdue.class).map(FinsRecordOverdue::recordId).toList();
	}

	@Test
	void openRecordsPastTheirDeadlineAreRemindedOncePerDay() {
		LocalDate today = LocalDate.now(ZoneId.of("America/Sao_Paulo"));
		long cliente = this.api.post("/api/clientes/", json("nome", unique("Cliente"))).id();
		long overdue = record(cliente, today.minusDays(2), false);
		long done = record(cliente, today.minusDays(2), true);
		long dueToday = record(cliente, today, false);

		this.reminders.run(today);
		assertThat(published()).contains(overdue).doesNotContain(done, dueToday);
		FinsRecordOverdue event = this.events.stream(FinsRecordOverdue.class)
			.filter(e -> e.recordId() == overdue)
			.findFirst()
			.orElseThrow();
		assertThat(event.dataLimite()).isEqualTo(today.minusDays(2));
		assertThat(event.clienteId()).isEqualTo(cliente);

		this.events.clear();
		this.reminders.run(today);
		assertThat(published()).doesNotContain(overdue);
		this.reminders.run(today.plusDays(1));
		assertThat(published()).contains(overdue, dueToday).doesNotContain(done);
		assertThat(this.jdbc.sql("SELECT count(*) FROM fins_overdue_reminder WHERE record_id = :id")
			.param("id", overdue)
			.query(Long.class)
			.single()).isEqualTo(2);
	}

	@Test
	void aRunWhileAnotherHoldsTheLockPublishesNothing() throws Exception {
		LocalDate today = LocalDate.now(ZoneId.of("America/Sao_Paulo")).plusDays(30);
		long cliente = this.api.post("/api/clientes/", json("nome", unique("Cliente"))).id();
		long overdue = record(cliente, today.minusDays(1), false);
		java.util.concurrent.CountDownLatch locked = new java.util.concurrent.CountDownLatch(1);
		java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
		// Another instance running the job: it holds the job's lock in its transaction.
		Thread other = new Thread(() -> this.transactions.executeWithoutResult(status -> {
			this.jdbc.sql("SELECT pg_advisory_xact_lock(7426103)").query().singleRow();
			locked.countDown();
			try {
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}));
		other.start();
		locked.await();
		try {
			assertThat(this.reminders.run(today)).isZero();
		}
		finally {
			release.countDown();
			other.join();
		}
		assertThat(published()).doesNotContain(overdue);
		assertThat(this.reminders.run(today)).isPositive();
		assertThat(published()).contains(overdue);
	}

	@Autowired
	org.springframework.transaction.support.TransactionTemplate transactions;

	/**
	 * The daily run is scheduled from the shared {@code DailyReminder} both modules'
	 * reminders inherit (fins' overdue records, processdocs' reviews), at 07:00.
	 */
	@Test
	void everyDailyReminderIsScheduledAtSeven() {
		List<String> daily = this.schedules.stream()
			.flatMap(holder -> holder.getScheduledTasks().stream())
			.map(scheduled -> scheduled.getTask())
			.filter(task -> task instanceof CronTask cron && cron.getExpression().equals("0 0 7 * * *"))
			.map(Object::toString)
			.filter(name -> name.equals("br.suite.shared.DailyReminder.daily"))
			.toList();
		// fins' overdue records, processdocs' reviews due and bills' overdue
		// installments.
		assertThat(daily).hasSize(3);
	}

}
