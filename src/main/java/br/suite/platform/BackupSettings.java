package br.suite.platform;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Backups of the embedded database (docs/operations.md "Backups"): on {@code cron}
 * (America/Sao_Paulo) into {@code directory}, keeping the newest backup of each of the
 * last {@code daily-days} days and of each of the last {@code weekly-weeks} weeks. Off
 * with {@code enabled=false}, and always off with an external database (which has its own
 * backup tooling).
 */
@ConfigurationProperties("suite.backup")
record BackupSettings(@DefaultValue("true") boolean enabled, @DefaultValue("data/backups") Path directory,
		@DefaultValue("0 30 1 * * *") String cron, @DefaultValue("7") int dailyDays,
		@DefaultValue("5") int weeklyWeeks) {

	BackupSettings {
		if (dailyDays < 1 || weeklyWeeks < 0) {
			throw new IllegalArgumentException(
					"suite.backup: daily-days must be at least 1 and weekly-weeks at least 0");
		}
	}

}
