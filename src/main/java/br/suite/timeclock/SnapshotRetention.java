package br.suite.timeclock;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * LGPD: punch snapshots are biometric data, kept only for the retention period (default 90 days) and
 * then purged every night. The punch keeps the snapshot's SHA-256, so the chain stays verifiable.
 */
@Component
class SnapshotRetention {

	private static final Logger log = LoggerFactory.getLogger(SnapshotRetention.class);

	private final JdbcClient jdbc;

	private final FaceSettings settings;

	SnapshotRetention(JdbcClient jdbc, FaceSettings settings) {
		this.jdbc = jdbc;
		this.settings = settings;
	}

	/** Nightly; with several instances on one database, only one of them purges (ShedLock). */
	@Scheduled(cron = "${suite.timeclock.snapshot-purge-cron:0 15 3 * * *}", zone = "America/Sao_Paulo")
	@SchedulerLock(name = "timeclock.snapshot-purge", lockAtMostFor = "PT1H",
			lockAtLeastFor = "${suite.scheduling.lock-at-least-for:PT5M}")
	void purgeNightly() {
		purgeTakenBefore(Instant.now().minus(this.settings.snapshotRetentionDays(), ChronoUnit.DAYS));
	}

	@Transactional
	int purgeTakenBefore(Instant cutoff) {
		int purged = this.jdbc
			.sql("UPDATE timeclock_punch SET snapshot = NULL, snapshot_purged_at = now() "
					+ "WHERE snapshot IS NOT NULL AND occurred_at < :cutoff")
			.param("cutoff", java.sql.Timestamp.from(cutoff))
			.update();
		if (purged > 0) {
			log.info("Purged {} punch snapshot(s) taken before {}", purged, cutoff);
		}
		return purged;
	}

}
