package br.suite.timeclock.face;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExifOrientationTests {

	@Test
	void readsTheTagInBothByteOrdersAndIgnoresEverythingElse() {
		byte[] plain = jpeg(new RgbImage(16, 16));
		assertThat(ExifOrientation.read(plain)).isEqualTo(1);
		assertThat(ExifOrientation.read(withExif(plain, 6, true))).isEqualTo(6);
		assertThat(ExifOrientation.read(withExif(plain, 8, false))).isEqualTo(8);
		assertThat(ExifOrientation.read(withExif(plain, 42, false))).isEqualTo(1);
		assertThat(ExifOrientation.read(new byte[] { (byte) 0xFF, (byte) 0xD8 })).isEqualTo(1);
		assertThat(ExifOrientation.read("GIF89a".getBytes())).isEqualTo(1);
		byte[] truncated = java.util.Arrays.copyOf(withExif(plain, 6, true), 12);
		assertThat(ExifOrientation.read(truncated)).isEqualTo(1);
		// The group photos carry camera EXIF without a rotation.
		assertThat(ExifOrientation.read(FaceTestPhotos.bytes("sample1.jpg"))).isEqualTo(1);
	}

	/**
	 * Grace Hopper's portrait stored as a camera would for each orientation (rotated or
	 * mirrored pixels plus the tag): the engine must find the same face and the same
	 * person.
	 */
	@ParameterizedTest
	@ValueSource(ints = { 2, 3, 4, 5, 6, 7, 8 })
	void rotatedPixelsWithTheOrientationTagGiveTheUprightFace(int orientation) {
		FaceEngine engine = SharedEngine.get();
		RgbImage upright = FaceTestPhotos.image("grace_hopper.jpg");
		Analysis reference = engine.analyze(jpeg(upright));
		assertThat(reference.reason()).isNull();

		byte[] tagged = withExif(jpeg(storedAs(upright, orientation)), orientation, orientation % 2 == 0);
		Analysis a = engine.analyze(tagged);

		assertThat(a.reason()).isNull();
		assertThat(a.imageWidth()).isEqualTo(upright.width);
		assertThat(a.imageHeight()).isEqualTo(upright.height);
		Face expected = reference.faces().get(0);
		Face found = a.faces().get(0);
		assertThat(Math.abs(found.x() - expected.x())).isLessThanOrEqualTo(8);
		assertThat(Math.abs(found.y() - expected.y())).isLessThanOrEqualTo(8);
		assertThat(Math.abs(found.sizePx() - expected.sizePx())).isLessThanOrEqualTo(16);
		assertThat(FaceEngine.distance(reference.descriptor(), a.descriptor())).isLessThan(0.1);
	}

	@Test
	void withoutTheTagASidewaysPhotoHasNoUsableFace() {
		RgbImage upright = FaceTestPhotos.image("grace_hopper.jpg");
		Analysis a = SharedEngine.get().analyze(jpeg(storedAs(upright, 6)));
		assertThat(a.reason()).isEqualTo(Reason.NO_FACE);
	}

	/**
	 * The pixels a camera writes for a scene that is upright when displayed with the
	 * given tag.
	 */
	private static RgbImage storedAs(RgbImage u, int orientation) {
		int w = u.width;
		int h = u.height;
		boolean swap = orientation >= 5;
		RgbImage s = new RgbImage(swap ? h : w, swap ? w : h);
		for (int b = 0; b < s.height; b++) {
			for (int a = 0; a < s.width; a++) {
				int ux;
				int uy;
				switch (orientation) {
					case 2:
						ux = w - 1 - a;
						uy = b;
						break;
					case 3:
						ux = w - 1 - a;
						uy = h - 1 - b;
						break;
					case 4:
						ux = a;
						uy = h - 1 - b;
						break;
					case 5:
						ux = b;
						uy = a;
						break;
					case 6:
						ux = w - 1 - b;
						uy = a;
						break; // camera turned: scene stored 90 degrees counter-clockwise
					case 7:
						ux = w - 1 - b;
						uy = h - 1 - a;
						break;
					case 8:
						ux = b;
						uy = h - 1 - a;
						break;
					default:
						ux = a;
						uy = b;
						break;
				}
				System.arraycopy(u.rgb, (uy * w + ux) * 3, s.rgb, (b * s.width + a) * 3, 3);
			}
		}
		return s;
	}

	/**
	 * Inserts an APP1 Exif segment holding only IFD0 with the Orientation tag, right
	 * after SOI.
	 */
	static byte[] withExif(byte[] jpeg, int orientation, boolean littleEndian) {
		byte[] tiff = new byte[26];
		if (littleEndian) {
			tiff[0] = 'I';
			tiff[1] = 'I';
		}
		else {
			tiff[0] = 'M';
			tiff[1] = 'M';
		}
		put16(tiff, 2, 42, littleEndian);
		put32(tiff, 4, 8, littleEndian);
		put16(tiff, 8, 1, littleEndian);
		put16(tiff, 10, 0x0112, littleEndian);
		put16(tiff, 12, 3, littleEndian);
		put32(tiff, 14, 1, littleEndian);
		put16(tiff, 18, orientation, littleEndian);
		put32(tiff, 22, 0, littleEndian);
		int length = 2 + 6 + tiff.length;
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.write(jpeg, 0, 2);
		out.write(0xFF);
		out.write(0xE1);
		out.write(length >> 8);
		out.write(length & 0xFF);
		out.write(new byte[] { 'E', 'x', 'i', 'f', 0, 0 }, 0, 6);
		out.write(tiff, 0, tiff.length);
		out.write(jpeg, 2, jpeg.length - 2);
		return out.toByteArray();
	}

	private static void put16(byte[] b, int p, int v, boolean little) {
		b[p] = (byte) (little ? v : v >> 8);
		b[p + 1] = (byte) (little ? v >> 8 : v);
	}

	private static void put32(byte[] b, int p, long v, boolean little) {
		for (int i = 0; i < 4; i++) {
			int shift = little ? 8 * i : 8 * (3 - i);
			b[p + i] = (byte) (v >> shift);
		}
	}

	/** High-quality JPEG so that re-encoding the rotated pixels barely changes them. */
	static byte[] jpeg(RgbImage img) {
		ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
			ImageWriteParam p = writer.getDefaultWriteParam();
			p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
			p.setCompressionQuality(0.95f);
			writer.setOutput(out);
			writer.write(null, new IIOImage(FaceTestPhotos.toBuffered(img), null, null), p);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		finally {
			writer.dispose();
		}
		return bytes.toByteArray();
	}

}
