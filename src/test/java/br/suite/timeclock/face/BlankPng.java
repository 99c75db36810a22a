package br.suite.timeclock.face;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A valid all-black 8-bit grayscale PNG of any size, written row by row without ever
 * holding its pixels: a 1 x 40 000 000 decompression bomb is a few dozen KB here (IHDR,
 * zero rows deflated into IDAT, IEND).
 */
public final class BlankPng {

	private BlankPng() {
	}

	public static byte[] of(int width, int height) {
		try {
			ByteArrayOutputStream png = new ByteArrayOutputStream();
			png.write(new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' });
			ByteArrayOutputStream header = new ByteArrayOutputStream();
			DataOutputStream ihdr = new DataOutputStream(header);
			ihdr.writeInt(width);
			ihdr.writeInt(height);
			ihdr.writeByte(8); // bit depth
			ihdr.writeByte(0); // grayscale
			ihdr.writeByte(0); // deflate
			ihdr.writeByte(0); // adaptive filtering
			ihdr.writeByte(0); // no interlace
			chunk(png, "IHDR", header.toByteArray());
			chunk(png, "IDAT", deflatedZeroRows(width, height));
			chunk(png, "IEND", new byte[0]);
			return png.toByteArray();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/**
	 * Each row is a filter byte (0, none) and {@code width} zero samples: all zeros, fed
	 * in 1 MiB pieces.
	 */
	private static byte[] deflatedZeroRows(int width, int height) {
		Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		byte[] zeros = new byte[1 << 20];
		byte[] buffer = new byte[1 << 16];
		long remaining = (long) height * (width + 1L);
		while (remaining > 0) {
			int n = (int) Math.min(zeros.length, remaining);
			deflater.setInput(zeros, 0, n);
			while (!deflater.needsInput()) {
				out.write(buffer, 0, deflater.deflate(buffer));
			}
			remaining -= n;
		}
		deflater.finish();
		while (!deflater.finished()) {
			out.write(buffer, 0, deflater.deflate(buffer));
		}
		deflater.end();
		return out.toByteArray();
	}

	private static void chunk(ByteArrayOutputStream png, String type, byte[] data) throws IOException {
		DataOutputStream out = new DataOutputStream(png);
		byte[] name = type.getBytes(StandardCharsets.US_ASCII);
		out.writeInt(data.length);
		out.write(name);
		out.write(data);
		CRC32 crc = new CRC32();
		crc.update(name);
		crc.update(data);
		out.writeInt((int) crc.getValue());
	}

}
