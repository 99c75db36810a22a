package br.suite.timeclock.face;

/**
 * Reads the EXIF Orientation tag (0x0112) of a JPEG and applies it, because ImageIO
 * ignores it and a sideways phone photo would otherwise contain no detectable face.
 */
final class ExifOrientation {

	static final int NORMAL = 1;

	private ExifOrientation() {
	}

	/**
	 * Returns 1..8, or 1 when the bytes are not a JPEG, carry no EXIF or the tag is
	 * malformed.
	 */
	static int read(byte[] jpeg) {
		if (jpeg == null || jpeg.length < 4 || (jpeg[0] & 0xFF) != 0xFF || (jpeg[1] & 0xFF) != 0xD8) {
			return NORMAL;
		}
		int pos = 2;
		while (pos + 4 <= jpeg.length) {
			if ((jpeg[pos] & 0xFF) != 0xFF) {
				return NORMAL;
			}
			int marker = jpeg[pos + 1] & 0xFF;
			if (marker == 0xFF) {
				pos++; // fill byte
				continue;
			}
			if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
				pos += 2; // markers without a length field
				continue;
			}
			if (marker == 0xDA || marker == 0xD9) {
				return NORMAL; // image data starts: metadata segments are over
			}
			int length = u16(jpeg, pos + 2, false);
			if (length < 2 || pos + 2 + length > jpeg.length) {
				return NORMAL;
			}
			if (marker == 0xE1) {
				int found = fromApp1(jpeg, pos + 4, length - 2);
				if (found != 0) {
					return found;
				}
			}
			pos += 2 + length;
		}
		return NORMAL;
	}

	private static int fromApp1(byte[] b, int start, int length) {
		if (length < 14 || b[start] != 'E' || b[start + 1] != 'x' || b[start + 2] != 'i' || b[start + 3] != 'f'
				|| b[start + 4] != 0 || b[start + 5] != 0) {
			return 0;
		}
		int tiff = start + 6;
		int end = start + length;
		boolean little;
		if (b[tiff] == 'I' && b[tiff + 1] == 'I') {
			little = true;
		}
		else if (b[tiff] == 'M' && b[tiff + 1] == 'M') {
			little = false;
		}
		else {
			return 0;
		}
		if (u16(b, tiff + 2, little) != 42) {
			return 0;
		}
		long ifd = u32(b, tiff + 4, little);
		if (ifd < 8 || tiff + ifd + 2 > end) {
			return 0;
		}
		int dir = (int) (tiff + ifd);
		int entries = u16(b, dir, little);
		for (int i = 0; i < entries; i++) {
			int e = dir + 2 + i * 12;
			if (e + 12 > end) {
				return 0;
			}
			if (u16(b, e, little) == 0x0112) {
				int type = u16(b, e + 2, little);
				int value = type == 3 ? u16(b, e + 8, little) : (type == 4 ? (int) u32(b, e + 8, little) : 0);
				return value >= 1 && value <= 8 ? value : NORMAL;
			}
		}
		return 0;
	}

	/**
	 * Returns the image as it should be displayed; orientation values follow the EXIF 2.3
	 * table.
	 */
	static RgbImage apply(RgbImage in, int orientation) {
		if (orientation <= NORMAL || orientation > 8) {
			return in;
		}
		int w = in.width;
		int h = in.height;
		boolean swap = orientation >= 5;
		int ow = swap ? h : w;
		int oh = swap ? w : h;
		byte[] out = new byte[in.rgb.length];
		for (int y = 0; y < oh; y++) {
			for (int x = 0; x < ow; x++) {
				int sx;
				int sy;
				switch (orientation) {
					case 2:
						sx = w - 1 - x;
						sy = y;
						break;
					case 3:
						sx = w - 1 - x;
						sy = h - 1 - y;
						break;
					case 4:
						sx = x;
						sy = h - 1 - y;
						break;
					case 5:
						sx = y;
						sy = x;
						break;
					case 6:
						sx = y;
						sy = h - 1 - x;
						break;
					case 7:
						sx = w - 1 - y;
						sy = h - 1 - x;
						break;
					default:
						sx = w - 1 - y;
						sy = x;
						break; // 8
				}
				int s = (sy * w + sx) * 3;
				int d = (y * ow + x) * 3;
				out[d] = in.rgb[s];
				out[d + 1] = in.rgb[s + 1];
				out[d + 2] = in.rgb[s + 2];
			}
		}
		return new RgbImage(ow, oh, out);
	}

	private static int u16(byte[] b, int p, boolean little) {
		int a = b[p] & 0xFF;
		int c = b[p + 1] & 0xFF;
		return little ? (c << 8) | a : (a << 8) | c;
	}

	private static long u32(byte[] b, int p, boolean little) {
		long v = 0;
		for (int i = 0; i < 4; i++) {
			int shift = little ? 8 * i : 8 * (3 - i);
			v |= ((long) (b[p + i] & 0xFF)) << shift;
		}
		return v;
	}

}
