package br.suite.timeclock;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The time clock's gauge (docs/operations.md "Metrics"): punches flagged for review in
 * the last 24 hours, read from the database at each scrape (the partial index on
 * {@code needs_review}), so every instance reports the same figure. The face checks are
 * timed by {@link FaceRecognition}.
 */
@Component
class TimeclockMeters implements MeterBinder {

	private final JdbcClient jdbc;

	TimeclockMeters(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("suite.punches.needing.review", this, TimeclockMeters::needingReview)
			.description("Punches flagged for review (face check not a match) in the last 24 hours")
			.strongReference(true)
			.register(registry);
	}

	private double needingReview() {
		return this.jdbc.sql(
				"SELECT count(*) FROM timeclock_punch WHERE needs_review AND occurred_at > now() - interval '24 hours'")
			.query(Long.class)
			.single();
	}

}
