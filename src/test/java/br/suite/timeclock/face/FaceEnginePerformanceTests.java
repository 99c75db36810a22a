package br.suite.timeclock.face;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class FaceEnginePerformanceTests {

	/**
	 * Heap for the probe JVM: the engine keeps its weights in native memory, so little
	 * heap is needed.
	 */
	private static final String PROBE_HEAP = "-Xmx128m";

	@Test
	void concurrentCallersGetIdenticalResults() throws Exception {
		FaceEngine engine = SharedEngine.get();
		byte[] snapshot = FaceMemoryProbe.snapshot();
		float[] enrolled = engine
			.analyze(FaceTestPhotos.cropPng(FaceTestPhotos.image("sample3.jpg"), 1020, 249, 1256, 485, 0.4))
			.descriptor();
		Verification expected = Verification.of(engine, enrolled, snapshot);
		byte[] other = FaceTestPhotos.bytes("grace_hopper.jpg");
		float[] hopper = engine.analyze(other).descriptor();

		ExecutorService pool = Executors.newFixedThreadPool(6);
		try {
			List<Future<Double>> futures = new ArrayList<>();
			for (int i = 0; i < 24; i++) {
				boolean odd = i % 2 == 1;
				futures.add(pool.submit(() -> odd ? FaceEngine.distance(hopper, engine.analyze(other).descriptor())
						: Verification.of(engine, enrolled, snapshot).distance()));
			}
			for (int i = 0; i < futures.size(); i++) {
				assertThat(futures.get(i).get()).isEqualTo(i % 2 == 1 ? 0.0 : expected.distance());
			}
		}
		finally {
			pool.shutdown();
		}
	}

	/**
	 * Latency and resident memory of the engine alone, measured in a fresh JVM with a
	 * small heap: 200 verifications of a 640x480 snapshot against a descriptor cached at
	 * enrolment. A timed measurement (about 40 s): not in {@code mvn test}, run by
	 * {@code bench/face-engine}.
	 */
	@Test
	@Tag("bench")
	void snapshotVerificationLatencyAndMemory() throws Exception {
		String java = ProcessHandle.current().info().command().orElse("java");
		ProcessBuilder pb = new ProcessBuilder(java, PROBE_HEAP, "-cp", System.getProperty("java.class.path"),
				FaceMemoryProbe.class.getName(), FaceTestPhotos.dir().toString())
			.redirectErrorStream(true);
		// Measured with glibc's defaults, as the service runs unless told otherwise; see
		// the README
		// for MALLOC_MMAP_THRESHOLD_, which trades about 15 ms per verification for ~200
		// MB less RSS.
		pb.environment().remove("MALLOC_MMAP_THRESHOLD_");
		pb.environment().remove("MALLOC_TRIM_THRESHOLD_");
		Process p = pb.start();
		Map<String, Double> m = new HashMap<>();
		StringBuilder log = new StringBuilder();
		try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line; (line = r.readLine()) != null;) {
				log.append(line).append('\n');
				int eq = line.indexOf('=');
				if (eq > 0 && line.indexOf(' ') < 0) {
					m.put(line.substring(0, eq), Double.parseDouble(line.substring(eq + 1)));
				}
			}
		}
		assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
		assertThat(p.exitValue()).as(log.toString()).isZero();

		FaceMetrics.record("probe JVM", PROBE_HEAP + ", glibc defaults, " + FaceEngine.Settings.defaults());
		FaceMetrics.record("engine start-up ms", m.get("startup_ms"));
		FaceMetrics.record("RSS after load MB", m.get("rss_after_load_mb"));
		FaceMetrics.record("snapshot verify distance (W1, sample3 vs sample1)", m.get("distance"));
		FaceMetrics.record("snapshot 640x480 verify median ms", m.get("median_ms"));
		FaceMetrics.record("snapshot 640x480 verify min ms", m.get("min_ms"));
		FaceMetrics.record("snapshot 640x480 verify p90 ms", m.get("p90_ms"));
		FaceMetrics.record("throughput, 4 callers on 2 slots, verifications/s", m.get("throughput_per_s"));
		FaceMetrics.record("RSS after 200 verifications MB", m.get("rss_after_200_mb"));
		FaceMetrics.record("peak RSS MB", m.get("peak_rss_mb"));

		assertThat(m.get("match")).isEqualTo(1.0);
		assertThat(m.get("stable")).isEqualTo(1.0);
		// Generous bounds: they catch a leak or a pathological slowdown, not CI noise.
		assertThat(m.get("median_ms")).isLessThan(1500);
		if (!m.get("peak_rss_mb").isNaN()) {
			assertThat(m.get("peak_rss_mb")).isLessThan(700);
		}
	}

}
