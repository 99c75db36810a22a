package br.suite.web;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

/**
 * A video for Chromium's fake camera ({@code --use-file-for-fake-video-capture}): a
 * photo, letterboxed into 640×480, written as Y4M (a one-line header, then raw I420
 * frames, BT.601 studio range).
 */
final class FakeCamera {

	static final int WIDTH = 640;

	static final int HEIGHT = 480;

	private FakeCamera() {
	}

	static Path y4m(byte[] photo, String name) {
		try {
			BufferedImage source = ImageIO.read(new ByteArrayInputStream(photo));
			BufferedImage frame = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
			Graphics2D g = frame.createGraphics();
			g.setColor(new Color(128, 128, 128));
			g.fillRect(0, 0, WIDTH, HEIGHT);
			g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
			double scale = Math.min((double) WIDTH / source.getWidth(), (double) HEIGHT / source.getHeight());
			int w = (int) Math.round(source.getWidth() * scale);
			int h = (int) Math.round(source.getHeight() * scale);
			g.drawImage(source, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h, null);
			g.dispose();
			byte[] i420 = i420(frame);
			Path file = Files.createTempFile(name, ".y4m");
			file.toFile().deleteOnExit();
			try (OutputStream out = Files.newOutputStream(file)) {
				out.write(("YUV4MPEG2 W" + WIDTH + " H" + HEIGHT + " F15:1 Ip A1:1 C420jpeg\n")
					.getBytes(StandardCharsets.US_ASCII));
				for (int i = 0; i < 3; i++) {
					out.write("FRAME\n".getBytes(StandardCharsets.US_ASCII));
					out.write(i420);
				}
			}
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static byte[] i420(BufferedImage image) {
		byte[] out = new byte[WIDTH * HEIGHT * 3 / 2];
		int uOffset = WIDTH * HEIGHT;
		int vOffset = uOffset + WIDTH * HEIGHT / 4;
		for (int y = 0; y < HEIGHT; y++) {
			for (int x = 0; x < WIDTH; x++) {
				int rgb = image.getRGB(x, y);
				int r = (rgb >> 16) & 0xff;
				int gr = (rgb >> 8) & 0xff;
				int b = rgb & 0xff;
				out[y * WIDTH + x] = (byte) clamp(16 + (66 * r + 129 * gr + 25 * b + 128) / 256);
			}
		}
		for (int y = 0; y < HEIGHT / 2; y++) {
			for (int x = 0; x < WIDTH / 2; x++) {
				int r = 0;
				int gr = 0;
				int b = 0;
				for (int dy = 0; dy < 2; dy++) {
					for (int dx = 0; dx < 2; dx++) {
						int rgb = image.getRGB(2 * x + dx, 2 * y + dy);
						r += (rgb >> 16) & 0xff;
						gr += (rgb >> 8) & 0xff;
						b += rgb & 0xff;
					}
				}
				r /= 4;
				gr /= 4;
				b /= 4;
				int index = y * (WIDTH / 2) + x;
				out[uOffset + index] = (byte) clamp(128 + (-38 * r - 74 * gr + 112 * b + 128) / 256);
				out[vOffset + index] = (byte) clamp(128 + (112 * r - 94 * gr - 18 * b + 128) / 256);
			}
		}
		return out;
	}

	private static int clamp(int value) {
		return Math.max(0, Math.min(255, value));
	}

}
