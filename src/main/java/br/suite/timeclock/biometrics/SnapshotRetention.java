package br.suite.timeclock.biometrics;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.DateTimes;

/**
 * LGPD: punch snapshots are biometric data, kept only for the retention period and then
 * purged every night: 7 days for matched punches
 * ({@code SUITE_FACE_MATCHED_SNAPSHOT_RETENTION_DAYS}), 90 for punches needing review
 * ({@code SUITE_FACE_SNAPSHOT_RETENTION_DAYS}). The punch keeps the snapshot's SHA-256,
 * so the chain stays verifiable.
 */
@Component
public class SnapshotRetention {

	private static final Logger log = LoggerFactory.getLogger(SnapshotRetention.class);

	private final JdbcClient jdbc;

	private final FaceSettings settings;

	SnapshotRetention(JdbcClient jdbc, FaceSettings settings) {
		this.jdbc = jdbc;
		this.settings = settings;
	}

	/**
	 * Nightly; with several instances on one database, only one of them purges
	 * (ShedLock).
	 */
	@Scheduled(cron = "${suite.timeclock.snapshot-purge-cron:0 15 3 * * *}", zone = DateTimes.BRAZIL_ZONE_ID)
	@SchedulerLock(name = "timeclock.snapshot-purge", lockAtMostFor = "PT1H",
			lockAtLeastFor = "${suite.scheduling.lock-at-least-for:PT5M}")
	void purgeNightly() {
		purge(Instant.now());
	}

	/**
	 * Matched punches' snapshots after 7 days, the others' (needing review) after 90
	 * (settings); one statement.
	 */
	@Transactional
	public int purge(Instant now) {
		int purged = this.jdbc
			.sql("UPDATE timeclock_punch SET snapshot = NULL, snapshot_purged_at = now() WHERE snapshot IS NOT NULL "
					+ "AND ((recognition_ok AND occurred_at < :matchedCutoff) OR occurred_at < :cutoff)")
			.param("matchedCutoff",
					Timestamp.from(now.minus(this.settings.matchedSnapshotRetentionDays(), ChronoUnit.DAYS)))
			.param("cutoff", Timestamp.from(now.minus(this.settings.snapshotRetentionDays(), ChronoUnit.DAYS)))
			.update();
		if (purged > 0) {
			log.info("Purged {} punch snapshot(s) past retention", purged);
		}
		return purged;
	}

	@Transactional
	public int purgeTakenBefore(Instant cutoff) {
		int purged = this.jdbc
			.sql("UPDATE timeclock_punch SET snapshot = NULL, snapshot_purged_at = now() "
					+ "WHERE snapshot IS NOT NULL AND occurred_at < :cutoff")
			.param("cutoff", Timestamp.from(cutoff))
			.update();
		if (purged > 0) {
			log.info("Purged {} punch snapshot(s) taken before {}", purged, cutoff);
		}
		return purged;
	}

}
