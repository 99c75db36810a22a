package br.suite.platform;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Profile;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import br.suite.shared.DateTimes;

/**
 * The daily backup of the embedded database ({@link Backups}), once across instances like
 * every job; only with the embedded database and {@code suite.backup.enabled}, never in
 * an operator command. A failed run throws, so the job's last success
 * ({@code suite_job_last_success_seconds{job="suite.backup"}}) stays where it was.
 */
@Component
@Profile("!operator")
@Conditional(BackupSchedule.Embedded.class)
class BackupSchedule {

	private final Backups backups;

	BackupSchedule(Backups backups) {
		this.backups = backups;
	}

	@Scheduled(cron = "${suite.backup.cron:0 30 1 * * *}", zone = DateTimes.BRAZIL_ZONE_ID)
	@SchedulerLock(name = "suite.backup", lockAtMostFor = "PT6H",
			lockAtLeastFor = "${suite.scheduling.lock-at-least-for:PT5M}")
	void backUp() {
		this.backups.backUp();
	}

	static final class Embedded implements org.springframework.context.annotation.Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return !StringUtils.hasText(context.getEnvironment().getProperty("suite.database.url"))
					&& context.getEnvironment().getProperty("suite.backup.enabled", Boolean.class, true);
		}

	}

}
