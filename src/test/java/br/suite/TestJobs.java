package br.suite;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Two scheduled jobs of the shared test context, run once at its start, whose meters
 * MetricsApiTests reads: one that succeeds and one that throws (its error in the log is
 * expected).
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestJobs {

	@Bean
	Jobs testJobs() {
		return new Jobs();
	}

	static class Jobs {

		@Scheduled(fixedDelay = 3_600_000)
		@SchedulerLock(name = "test.metrics-job", lockAtMostFor = "PT1M", lockAtLeastFor = "PT0S")
		public void succeed() {
		}

		@Scheduled(fixedDelay = 3_600_000)
		@SchedulerLock(name = "test.failing-job", lockAtMostFor = "PT1M", lockAtLeastFor = "PT0S")
		public void fail() {
			throw new IllegalStateException("a job that fails");
		}

	}

}
