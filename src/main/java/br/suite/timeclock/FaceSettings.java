package br.suite.timeclock;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Face verification and biometric retention. {@code threshold} is the largest Euclidean distance
 * between descriptors still taken as the same person ({@code SUITE_FACE_THRESHOLD}); see docs/api.md
 * for how its default was chosen. Snapshots are purged after {@code snapshotRetentionDays}. An analysis
 * waits at most {@code maxWait} for a free slot (then a punch is recorded as engine_busy, an enrolment is 503).
 */
@ConfigurationProperties("suite.face")
record FaceSettings(@DefaultValue("0.5") double threshold, @DefaultValue("100") int minFacePx,
		@DefaultValue("2") int maxConcurrent, @DefaultValue("800") int maxDetectionSide,
		@Nullable Path modelDirectory, @DefaultValue("90") int snapshotRetentionDays,
		@DefaultValue("5s") Duration maxWait) {

}
