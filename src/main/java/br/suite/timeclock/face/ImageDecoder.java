package br.suite.timeclock.face;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * Decodes uploaded bytes with ImageIO into upright RGB; returns null for anything it
 * cannot read. The size comes from the header alone, so oversized images (decompression
 * bombs) are refused before any pixel is read, and large ones are decoded subsampled to
 * what the face pipeline uses.
 */
final class ImageDecoder {

	/** Widest or tallest image accepted, in pixels. */
	static final int MAX_SIDE = 8192;

	/** Largest image accepted, in pixels (16 MP). */
	static final long MAX_PIXELS = 16_000_000L;

	/**
	 * Longest side decoded. The detector only sees a copy of at most
	 * {@code maxDetectionSide} (800 px) and finds faces of about 80 px there, i.e. a
	 * tenth of the longest side; at 2048 px such a face still has 205 px for landmarks
	 * and the 150 px chip, so nothing the pipeline can use is lost. All test photos and
	 * 640x480 snapshots are below it and decode at full resolution as before.
	 */
	static final int DECODE_SIDE = 2048;

	private ImageDecoder() {
	}

	/**
	 * The stored width and height, read from the header alone; null when no reader
	 * understands the bytes.
	 */
	static ImageSize size(byte[] bytes) {
		return read(bytes, reader -> {
			int width = reader.getWidth(0);
			int height = reader.getHeight(0);
			return width > 0 && height > 0 ? new ImageSize(width, height) : null;
		});
	}

	/** What is read from an image through the reader that understands it. */
	private interface Reading<T> {

		T from(ImageReader reader) throws IOException;

	}

	/**
	 * Runs the reading with the first reader that understands the bytes, from a
	 * memory-cached stream (ImageIO's default may spill to temp files); null when none
	 * does or the bytes are corrupt or unsupported (e.g. CMYK JPEG, truncated PNG): the
	 * caller's "unreadable_image".
	 */
	private static <T> T read(byte[] bytes, Reading<T> reading) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
			Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
			if (!readers.hasNext()) {
				return null;
			}
			ImageReader reader = readers.next();
			try {
				reader.setInput(in, true, true);
				return reading.from(reader);
			}
			finally {
				reader.dispose();
			}
		}
		catch (IOException | RuntimeException e) {
			return null;
		}
	}

	/** An upright image decoded at 1/{@code factor} of its stored resolution. */
	record Decoded(RgbImage image, int factor) {
	}

	static RgbImage decode(byte[] bytes) {
		Decoded decoded = decode(bytes, Integer.MAX_VALUE);
		return decoded == null ? null : decoded.image();
	}

	/**
	 * Decodes images within {@link #MAX_SIDE} and {@link #MAX_PIXELS}, taking every n-th
	 * pixel and row when the longest side exceeds {@code maxSide} (n the smallest integer
	 * that brings it within).
	 */
	static Decoded decode(byte[] bytes, int maxSide) {
		record Subsampled(BufferedImage image, int factor) {
		}
		Subsampled read = read(bytes, reader -> {
			ImageSize size = new ImageSize(reader.getWidth(0), reader.getHeight(0));
			if (size.width() <= 0 || size.height() <= 0 || size.tooLarge()) {
				return null;
			}
			int longest = Math.max(size.width(), size.height());
			int factor = longest <= maxSide ? 1 : (longest + maxSide - 1) / maxSide;
			ImageReadParam param = reader.getDefaultReadParam();
			if (factor > 1) {
				param.setSourceSubsampling(factor, factor, 0, 0);
			}
			BufferedImage img = reader.read(0, param);
			return img == null ? null : new Subsampled(img, factor);
		});
		if (read == null) {
			return null;
		}
		return new Decoded(ExifOrientation.apply(toRgb(read.image()), ExifOrientation.read(bytes)), read.factor());
	}

	/**
	 * Takes the decoded samples as they are (no colour management), like numpy/PIL do for
	 * face_recognition; only palette and packed images go through getRGB.
	 */
	static RgbImage toRgb(BufferedImage img) {
		int w = img.getWidth();
		int h = img.getHeight();
		byte[] out = new byte[w * h * 3];
		ColorModel cm = img.getColorModel();
		Raster raster = img.getRaster();
		int bands = raster.getNumBands();
		int csType = cm.getColorSpace().getType();
		if (cm instanceof ComponentColorModel && csType == ColorSpace.TYPE_RGB && (bands == 3 || bands == 4)) {
			int shift = Math.max(0, cm.getComponentSize(0) - 8);
			int[] row = new int[w * bands];
			for (int y = 0; y < h; y++) {
				raster.getPixels(0, y, w, 1, row);
				for (int x = 0; x < w; x++) {
					int d = (y * w + x) * 3;
					out[d] = (byte) (row[x * bands] >> shift);
					out[d + 1] = (byte) (row[x * bands + 1] >> shift);
					out[d + 2] = (byte) (row[x * bands + 2] >> shift);
				}
			}
		}
		else if (cm instanceof ComponentColorModel && csType == ColorSpace.TYPE_GRAY && (bands == 1 || bands == 2)) {
			// getRGB would treat the samples as linear gray and brighten them.
			int shift = Math.max(0, cm.getComponentSize(0) - 8);
			int[] row = new int[w * bands];
			for (int y = 0; y < h; y++) {
				raster.getPixels(0, y, w, 1, row);
				for (int x = 0; x < w; x++) {
					byte v = (byte) (row[x * bands] >> shift);
					int d = (y * w + x) * 3;
					out[d] = v;
					out[d + 1] = v;
					out[d + 2] = v;
				}
			}
		}
		else {
			int[] row = new int[w];
			for (int y = 0; y < h; y++) {
				img.getRGB(0, y, w, 1, row, 0, w);
				for (int x = 0; x < w; x++) {
					int p = row[x];
					int d = (y * w + x) * 3;
					out[d] = (byte) (p >> 16);
					out[d + 1] = (byte) (p >> 8);
					out[d + 2] = (byte) p;
				}
			}
		}
		return new RgbImage(w, h, out);
	}

}
