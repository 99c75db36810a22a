package br.suite.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * One scheduled job that never finishes (a receiver that never answers, a stalled query)
 * leaves the other jobs their own threads.
 */
class SchedulingConfigurationTests {

	@Test
	void aStuckJobDoesNotStopTheOthers() throws InterruptedException {
		SchedulingConfiguration.ThreadPerJobScheduler scheduler = new SchedulingConfiguration.ThreadPerJobScheduler();
		scheduler.initialize();
		CountDownLatch released = new CountDownLatch(1);
		CountDownLatch stuck = new CountDownLatch(1);
		CountDownLatch others = new CountDownLatch(3);
		try {
			scheduler.scheduleWithFixedDelay(() -> {
				stuck.countDown();
				try {
					released.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}, Duration.ofMillis(10));
			assertThat(stuck.await(5, TimeUnit.SECONDS)).isTrue();
			scheduler.scheduleWithFixedDelay(others::countDown, Duration.ofMillis(10));
			scheduler.scheduleAtFixedRate(others::countDown, Duration.ofMillis(10));
			scheduler.schedule(others::countDown,
					new org.springframework.scheduling.support.PeriodicTrigger(Duration.ofMillis(10)));
			assertThat(others.await(5, TimeUnit.SECONDS)).as("the other jobs ran while the first was stuck").isTrue();
			assertThat(scheduler.jobs()).isEqualTo(4);
			assertThat(scheduler.getPoolSize()).isEqualTo(4);
		}
		finally {
			released.countDown();
			scheduler.shutdown();
		}
	}

	/** Two jobs of a context: the stuck one leaves the other its thread. */
	static class Jobs {

		final CountDownLatch stuck = new CountDownLatch(1);

		final CountDownLatch released = new CountDownLatch(1);

		final CountDownLatch other = new CountDownLatch(3);

		@Scheduled(fixedDelay = 10)
		void stuck() throws InterruptedException {
			this.stuck.countDown();
			this.released.await();
		}

		@Scheduled(fixedDelay = 10, initialDelay = 200)
		void other() {
			this.other.countDown();
		}

	}

	static class JobsConfiguration {

		@Bean
		Jobs jobs() {
			return new Jobs();
		}

		@Bean
		DataSource dataSource() {
			return new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/unused");
		}

	}

	@Test
	void theApplicationsScheduledJobsRunThatWay() throws InterruptedException {
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(
				SchedulingConfiguration.class, JobsConfiguration.class)) {
			Jobs jobs = context.getBean(Jobs.class);
			try {
				assertThat(jobs.stuck.await(5, TimeUnit.SECONDS)).isTrue();
				assertThat(jobs.other.await(5, TimeUnit.SECONDS)).as("the other job ran while the first was stuck")
					.isTrue();
			}
			finally {
				jobs.released.countDown();
			}
		}
	}

}
