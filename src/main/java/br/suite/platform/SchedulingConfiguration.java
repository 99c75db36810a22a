package br.suite.platform;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.Trigger;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Scheduled jobs, run once per schedule however many instances share the database: every
 * {@code @Scheduled} method also carries
 * {@code @SchedulerLock(name = "<module>.<job>", lockAtMostFor = …)}, and the instance
 * that takes the job's row in {@code shared_scheduler_lock} runs it; the others skip that
 * run. Lock times come from the database's clock, so the instances' clocks need not
 * agree.
 * <p>
 * Each repeating job has a thread of its own ({@link ThreadPerJobScheduler}): a job that
 * runs long (a stalled query, a slow webhook receiver) delays only its own next run,
 * never the other jobs.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@EnableSchedulerLock(defaultLockAtMostFor = "PT30M")
class SchedulingConfiguration implements SchedulingConfigurer, DisposableBean {

	/**
	 * Not a bean: an {@code Executor} bean would make Boot leave out its application task
	 * executor, and the asynchronous event listeners would run on these threads.
	 */
	private final ThreadPerJobScheduler scheduler = new ThreadPerJobScheduler();

	@Bean
	LockProvider lockProvider(DataSource dataSource) {
		return ScheduledJobs.tracking(new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.withTableName("shared_scheduler_lock")
			.usingDbTime()
			.build()));
	}

	/**
	 * Every {@code @Scheduled} job runs on it, instead of Boot's one-thread scheduler.
	 */
	@Override
	public void configureTasks(ScheduledTaskRegistrar registrar) {
		this.scheduler.setThreadNamePrefix("scheduling-");
		this.scheduler.initialize();
		registrar.setTaskScheduler(this.scheduler);
	}

	@Override
	public void destroy() {
		this.scheduler.shutdown();
	}

	/**
	 * A thread pool that grows by one thread for every repeating task scheduled on it
	 * (cron, fixed delay, fixed rate): a repeating task never runs twice at once, so each
	 * always finds a free thread. One-off tasks share the pool.
	 */
	static final class ThreadPerJobScheduler extends ThreadPoolTaskScheduler {

		private final AtomicInteger jobs = new AtomicInteger();

		private void oneMoreJob() {
			setPoolSize(this.jobs.incrementAndGet());
		}

		int jobs() {
			return this.jobs.get();
		}

		@Override
		public @Nullable ScheduledFuture<?> schedule(Runnable task, Trigger trigger) {
			oneMoreJob();
			return super.schedule(task, trigger);
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Instant startTime, Duration period) {
			oneMoreJob();
			return super.scheduleAtFixedRate(task, startTime, period);
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Duration period) {
			oneMoreJob();
			return super.scheduleAtFixedRate(task, period);
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, Instant startTime, Duration delay) {
			oneMoreJob();
			return super.scheduleWithFixedDelay(task, startTime, delay);
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, Duration delay) {
			oneMoreJob();
			return super.scheduleWithFixedDelay(task, delay);
		}

	}

}
