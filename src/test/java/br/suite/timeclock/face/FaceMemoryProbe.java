package br.suite.timeclock.face;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs in its own JVM (small heap, nothing else loaded) so that latency and resident
 * memory reflect the engine alone: 200 verifications of a 640x480 snapshot against a
 * cached descriptor. Prints key=value lines for {@link FaceEnginePerformanceTests}.
 */
final class FaceMemoryProbe {

	static final int SEQUENTIAL = 40;
	static final int CONCURRENT = 160;

	private FaceMemoryProbe() {
	}

	public static void main(String[] args) throws Exception {
		System.setProperty("face.test.photos.dir", args[0]);
		long t0 = System.nanoTime();
		FaceEngine engine = FaceEngine.create(FaceEngine.Settings.defaults());
		print("startup_ms", (System.nanoTime() - t0) / 1e6);
		print("rss_after_load_mb", procStatusMb("VmRSS"));

		byte[] snapshot = snapshot();
		float[] enrolled = engine
			.analyze(FaceTestPhotos.cropPng(FaceTestPhotos.image("sample3.jpg"), 1020, 249, 1256, 485, 0.4))
			.descriptor();
		Verification first = Verification.of(engine, enrolled, snapshot);
		print("distance", first.distance());
		print("match", first.match() ? 1 : 0);

		long[] nanos = new long[SEQUENTIAL];
		boolean stable = true;
		for (int i = 0; i < SEQUENTIAL; i++) {
			long s = System.nanoTime();
			Verification v = Verification.of(engine, enrolled, snapshot);
			nanos[i] = System.nanoTime() - s;
			stable &= v.distance() == first.distance();
		}
		Arrays.sort(nanos);
		print("median_ms", nanos[SEQUENTIAL / 2] / 1e6);
		print("min_ms", nanos[0] / 1e6);
		print("p90_ms", nanos[SEQUENTIAL * 9 / 10] / 1e6);

		ExecutorService pool = Executors.newFixedThreadPool(4);
		long c0 = System.nanoTime();
		List<Future<Verification>> futures = new ArrayList<>();
		for (int i = 0; i < CONCURRENT; i++) {
			futures.add(pool.submit(() -> Verification.of(engine, enrolled, snapshot)));
		}
		for (Future<Verification> f : futures) {
			stable &= f.get().distance() == first.distance();
		}
		pool.shutdown();
		print("throughput_per_s", CONCURRENT / ((System.nanoTime() - c0) / 1e9));
		print("stable", stable ? 1 : 0);
		print("rss_after_200_mb", procStatusMb("VmRSS"));
		print("peak_rss_mb", procStatusMb("VmHWM"));
		engine.close();
	}

	/** A 640x480 JPEG cut from sample1.jpg around W1, the only face in that region. */
	static byte[] snapshot() {
		return ExifOrientationTests.jpeg(FaceTestPhotos.crop(FaceTestPhotos.image("sample1.jpg"), 1247, 75, 640, 480));
	}

	private static void print(String key, double value) {
		System.out.println(key + "=" + String.format(Locale.ROOT, "%.3f", value));
	}

	/** Linux only; NaN elsewhere. */
	static double procStatusMb(String key) throws IOException {
		if (!Files.exists(Paths.get("/proc/self/status"))) {
			return Double.NaN;
		}
		for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
			if (line.startsWith(key + ":")) {
				return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
			}
		}
		return Double.NaN;
	}

}
