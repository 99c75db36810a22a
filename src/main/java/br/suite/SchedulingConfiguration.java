package br.suite;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Scheduled jobs, run once per schedule however many instances share the database: every
 * {@code @Scheduled} method also carries
 * {@code @SchedulerLock(name = "<module>.<job>", lockAtMostFor = …)}, and the instance
 * that takes the job's row in {@code shared_scheduler_lock} runs it; the others skip that
 * run. Lock times come from the database's clock, so the instances' clocks need not
 * agree.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@EnableSchedulerLock(defaultLockAtMostFor = "PT30M")
class SchedulingConfiguration {

	@Bean
	LockProvider lockProvider(DataSource dataSource) {
		return ScheduledJobs.tracking(new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.withTableName("shared_scheduler_lock")
			.usingDbTime()
			.build()));
	}

}
