package br.suite.timeclock.biometrics;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Metrics;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

import br.suite.shared.ClosedSet;
import br.suite.timeclock.face.Analysis;
import br.suite.timeclock.face.FaceEngine;

/**
 * Compares a punch snapshot with the employee's enrolled face. The enrolled descriptor is
 * read on every punch (one indexed row, next to the analysis of the snapshot): an
 * enrolment made or removed through another instance sharing the database counts at once,
 * with no cache to invalidate.
 */
@Service
public class FaceRecognition {

	/**
	 * Created in the background at start-up ({@link FaceEngineConfiguration}): looked up
	 * when used.
	 */
	private final ObjectProvider<FaceEngine> engine;

	private final FaceSettings settings;

	private final JdbcClient jdbc;

	FaceRecognition(ObjectProvider<FaceEngine> engine, FaceSettings settings, JdbcClient jdbc) {
		this.engine = engine;
		this.settings = settings;
		this.jdbc = jdbc;
	}

	/** The outcome recorded on the punch. */
	public record Result(boolean ok, @Nullable Double distance, RecognitionReason reason, double threshold) {
	}

	/**
	 * The face check of a punch, timed and counted by outcome
	 * ({@code suite.punch.face.checks}, docs/operations.md "Metrics").
	 */
	public Result recognize(long employeeId, byte @Nullable [] snapshot) {
		long started = System.nanoTime();
		Result result = check(employeeId, snapshot);
		Metrics.timer("suite.punch.face.checks", "outcome", ClosedSet.wire(result.reason()))
			.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
		return result;
	}

	private Result check(long employeeId, byte @Nullable [] snapshot) {
		double threshold = this.settings.threshold();
		if (snapshot == null) {
			return new Result(false, null, RecognitionReason.NO_SNAPSHOT, threshold);
		}
		Optional<float[]> reference = loadDescriptor(employeeId);
		Analysis analysis;
		try {
			analysis = this.engine.getObject().analyze(snapshot);
		}
		catch (FaceEngine.Busy busy) {
			// A punch is never refused for a missing face check: it is recorded and
			// flagged for review.
			return new Result(false, null, RecognitionReason.ENGINE_BUSY, threshold);
		}
		if (!analysis.hasDescriptor()) {
			return new Result(false, null, RecognitionReason.valueOf(analysis.reason().name()), threshold);
		}
		if (reference.isEmpty()) {
			return new Result(false, null, RecognitionReason.NO_ENROLLED_PHOTO, threshold);
		}
		double distance = FaceEngine.distance(reference.get(), analysis.descriptor());
		boolean ok = distance <= threshold;
		return new Result(ok, distance, ok ? RecognitionReason.MATCH : RecognitionReason.MISMATCH, threshold);
	}

	/**
	 * The analysis of an enrolment photo; throws {@link FaceEngine.Busy} when no slot
	 * frees in time.
	 */
	Analysis analyze(byte[] image) {
		return this.engine.getObject().analyze(image);
	}

	private Optional<float[]> loadDescriptor(long userId) {
		return this.jdbc.sql("SELECT descriptor FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", userId)
			.query((rs, n) -> {
				Float[] values = (Float[]) rs.getArray("descriptor").getArray();
				float[] descriptor = new float[values.length];
				for (int i = 0; i < values.length; i++) {
					descriptor[i] = values[i];
				}
				return descriptor;
			})
			.optional();
	}

}
