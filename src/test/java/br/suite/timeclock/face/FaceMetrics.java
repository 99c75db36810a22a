package br.suite.timeclock.face;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/** Measured numbers, printed and appended to target/face-metrics.txt for the report. */
final class FaceMetrics {

	private static final Path FILE = Paths.get("target", "face-metrics.txt");

	private FaceMetrics() {
	}

	static synchronized void record(String name, Object value) {
		String v = value instanceof Double ? String.format(Locale.ROOT, "%.4f", (Double) value) : String.valueOf(value);
		String line = "[face-metrics] " + name + ": " + v;
		System.out.println(line);
		try {
			Files.createDirectories(FILE.getParent());
			Files.write(FILE, (line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8),
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

}
