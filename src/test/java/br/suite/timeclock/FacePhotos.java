package br.suite.timeclock;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.imageio.ImageIO;

/**
 * Real face photos for the API tests, from registry packages (see
 * scripts/fetch-face-test-photos.sh): the same woman in two group photos of npm
 * {@code @vladmandic/face-api}, the woman beside her, and a whole group photo. Crops are
 * cut around the faces so each image shows one face, as a kiosk would.
 */
public final class FacePhotos {

	// Where the fetch script copies the photos out of its cache (scripts/cache-dir.sh):
	// the cache itself is the script's business, so no home directory is guessed here.
	private static final Path DIRECTORY = Path.of("target", "face-test-photos");

	private static byte[] enrolment;

	private static byte[] samePerson;

	private static byte[] otherPerson;

	private FacePhotos() {
	}

	/** W1 in sample3, enrolled. */
	public static synchronized byte[] enrolment() {
		if (enrolment == null) {
			enrolment = crop("sample3.jpg", 1020, 249, 1256, 485, "png");
		}
		return enrolment;
	}

	/** W1 again, in another photo (sample1). */
	public static synchronized byte[] samePerson() {
		if (samePerson == null) {
			samePerson = crop("sample1.jpg", 1469, 217, 1666, 414, "jpg");
		}
		return samePerson;
	}

	/** The woman beside W1 in sample1: a different person. */
	public static synchronized byte[] otherPerson() {
		if (otherPerson == null) {
			otherPerson = crop("sample1.jpg", 832, 436, 1029, 633, "jpg");
		}
		return otherPerson;
	}

	/** A group photo with several faces. */
	static byte[] group() {
		return read("sample5.jpg");
	}

	/** A smooth gradient: an image with no face at all. */
	public static byte[] noFace() {
		BufferedImage image = new BufferedImage(320, 240, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		g.setPaint(new GradientPaint(0, 0, new Color(40, 90, 160), 320, 240, new Color(230, 200, 120)));
		g.fillRect(0, 0, 320, 240);
		g.dispose();
		return encode(image, "png");
	}

	private static byte[] crop(String file, int left, int top, int right, int bottom, String format) {
		try {
			BufferedImage source = ImageIO.read(new ByteArrayInputStream(read(file)));
			int marginX = (int) Math.round((right - left + 1) * 0.4);
			int marginY = (int) Math.round((bottom - top + 1) * 0.4);
			int x = Math.max(0, left - marginX);
			int y = Math.max(0, top - marginY);
			int w = Math.min(source.getWidth(), right + marginX + 1) - x;
			int h = Math.min(source.getHeight(), bottom + marginY + 1) - y;
			BufferedImage cut = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
			Graphics2D g = cut.createGraphics();
			g.drawImage(source.getSubimage(x, y, w, h), 0, 0, null);
			g.dispose();
			return encode(cut, format);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static byte[] encode(BufferedImage image, String format) {
		try {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			ImageIO.write(image, format, out);
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static synchronized byte[] read(String file) {
		Path path = DIRECTORY.resolve(file);
		if (!Files.exists(path)) {
			fetch(DIRECTORY, () -> Files.exists(path));
		}
		try {
			return Files.readAllBytes(path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Runs scripts/fetch-face-test-photos.sh into {@code destination} unless
	 * {@code fetched} already holds, under a file lock: the two test JVMs of a run may
	 * both find the photos missing, and one must not read a photo the other is still
	 * writing.
	 */
	public static void fetch(Path destination, BooleanSupplier fetched) {
		Path lock = destination.toAbsolutePath().resolveSibling(destination.getFileName() + ".lock");
		try {
			Files.createDirectories(lock.getParent());
			try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
					FileLock ignored = channel.lock()) {
				if (fetched.getAsBoolean()) {
					return;
				}
				Process process = new ProcessBuilder("bash", "scripts/fetch-face-test-photos.sh",
						destination.toString())
					.inheritIO()
					.start();
				if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
					throw new IllegalStateException("scripts/fetch-face-test-photos.sh failed");
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
