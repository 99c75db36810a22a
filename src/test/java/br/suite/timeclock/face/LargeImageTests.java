package br.suite.timeclock.face;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Oversized images are refused from their header; large ones are analysed subsampled; a
 * busy engine says so.
 */
class LargeImageTests {

	@Test
	void refusesImagesAboveTheLimitsFromTheHeaderAlone() {
		FaceEngine engine = SharedEngine.get();
		byte[] bomb = BlankPng.of(40_000_000, 1);
		assertThat(bomb.length).isLessThan(1_000_000);
		long start = System.nanoTime();
		assertThat(engine.analyze(bomb).reason()).isEqualTo(Reason.IMAGE_TOO_LARGE);
		assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1000);
		assertThat(engine.analyze(BlankPng.of(1, 8193)).reason()).isEqualTo(Reason.IMAGE_TOO_LARGE);
		assertThat(engine.analyze(BlankPng.of(4000, 4001)).reason()).isEqualTo(Reason.IMAGE_TOO_LARGE);
		assertThat(FaceEngine.imageSize(bomb)).isEqualTo(new ImageSize(40_000_000, 1));
		// At the limits the image is decoded (and, blank, shows no face).
		assertThat(engine.analyze(BlankPng.of(8192, 1953)).reason()).isEqualTo(Reason.NO_FACE);
	}

	@Test
	void aLargePhotoIsAnalysedSubsampledWithBoxesInItsOwnPixels() throws IOException {
		FaceEngine engine = SharedEngine.get();
		byte[] original = FaceTestPhotos.bytes("grace_hopper.jpg");
		Analysis small = engine.analyze(original);
		assertThat(small.hasDescriptor()).isTrue();
		// The same photo at 6x (3072 x 3600): decoded at every 2nd pixel, i.e. 1536 x
		// 1800.
		BufferedImage source = ImageIO.read(new java.io.ByteArrayInputStream(original));
		BufferedImage large = new BufferedImage(source.getWidth() * 6, source.getHeight() * 6,
				BufferedImage.TYPE_INT_RGB);
		Graphics2D g = large.createGraphics();
		g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
		g.drawImage(source, 0, 0, large.getWidth(), large.getHeight(), null);
		g.dispose();
		ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
		ImageIO.write(large, "jpg", jpeg);
		Analysis big = engine.analyze(jpeg.toByteArray());
		assertThat(big.hasDescriptor()).as(big.toString()).isTrue();
		assertThat(big.imageWidth()).isEqualTo(3072);
		assertThat(big.imageHeight()).isEqualTo(3600);
		Face smallFace = small.faces().get(0);
		Face bigFace = big.faces().get(0);
		assertThat((double) bigFace.sizePx() / smallFace.sizePx()).isBetween(5.0, 7.0);
		assertThat((double) bigFace.x() / Math.max(1, smallFace.x())).isBetween(5.0, 7.0);
		assertThat(FaceEngine.distance(small.descriptor(), big.descriptor())).isLessThan(0.25);
	}

	@Test
	void aBusyEngineGivesUpAfterItsWait() {
		try (FaceEngine engine = FaceEngine
			.create(FaceEngine.Settings.defaults().withMaxConcurrent(1).withMaxWaitMillis(300))) {
			byte[] photo = FaceTestPhotos.bytes("grace_hopper.jpg");
			try (EngineSlots taken = EngineSlots.takeAll(engine)) {
				long start = System.nanoTime();
				assertThatThrownBy(() -> engine.analyze(photo)).isInstanceOf(FaceEngine.Busy.class);
				assertThat((System.nanoTime() - start) / 1_000_000).isBetween(250L, 3000L);
				// The header check needs no slot.
				assertThat(engine.analyze(BlankPng.of(40_000_000, 1)).reason()).isEqualTo(Reason.IMAGE_TOO_LARGE);
			}
			assertThat(engine.analyze(photo).hasDescriptor()).isTrue();
		}
	}

}
