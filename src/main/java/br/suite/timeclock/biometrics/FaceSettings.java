package br.suite.timeclock.biometrics;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Face verification and biometric retention. {@code threshold} is the largest Euclidean
 * distance between descriptors still taken as the same person
 * ({@code SUITE_FACE_THRESHOLD}); see docs/api.md for how its default was chosen.
 * Snapshots of matched punches are purged after {@code matchedSnapshotRetentionDays} (7),
 * those of punches needing review after {@code snapshotRetentionDays} (90). A deactivated
 * user's photo and descriptor are removed unless {@code removeOnDeactivation} is false;
 * {@code noticeVersion} is the privacy notice an enrolment records when the request names
 * none. An analysis waits at most {@code maxWait} for a free slot (then a punch is
 * recorded as engine_busy, an enrolment is 503).
 */
@ConfigurationProperties("suite.face")
record FaceSettings(@DefaultValue("0.5") double threshold, @DefaultValue("100") int minFacePx,
		@DefaultValue("2") int maxConcurrent, @DefaultValue("800") int maxDetectionSide, @Nullable Path modelDirectory,
		@DefaultValue("90") int snapshotRetentionDays, @DefaultValue("5s") Duration maxWait,
		@DefaultValue("7") int matchedSnapshotRetentionDays, @DefaultValue("true") boolean removeOnDeactivation,
		@DefaultValue("1") String noticeVersion) {

}
