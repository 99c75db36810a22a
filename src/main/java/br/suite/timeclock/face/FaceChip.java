package br.suite.timeclock.face;

/**
 * The aligned face crop fed to the ResNet: dlib's get_face_chip_details(shape, 150, 0.25)
 * followed by extract_image_chip (dlib/image_transforms/interpolation.h), reproduced step
 * by step because small differences here move the descriptor distance by 0.02 to 0.1.
 */
final class FaceChip {

	static final double PADDING = 0.25;

	/** Mean 5-point face shape dlib aligns to (eye corners and nose). */
	private static final double[] MEAN_SHAPE = { 0.8595674595992, 0.2134981538014, 0.6460604764104, 0.2289674387677,
			0.1205750620789, 0.2137274526848, 0.3340850613712, 0.2290642403242, 0.4901123135679, 0.6277975316475, };

	private FaceChip() {
	}

	/**
	 * Returns size x size interleaved RGB. landmarks: the 5 integer points from the shape
	 * predictor.
	 */
	static byte[] extract(RgbImage img, long[] landmarks, int size) {
		// get_face_chip_details: similarity transform from the padded mean shape to the
		// landmarks.
		double[] from = new double[10];
		double[] to = new double[10];
		for (int i = 0; i < 10; i++) {
			from[i] = ((PADDING + MEAN_SHAPE[i]) / (2 * PADDING + 1)) * size;
			to[i] = landmarks[i];
		}
		double[] t = Geometry.similarity(from, to);
		double angle = Math.atan2(t[2], t[0]);
		double scale = Math.sqrt(t[0] * t[0] + t[2] * t[2]);
		double half = size / 2.0;
		double cx = t[0] * half + t[1] * half + t[4];
		double cy = t[2] * half + t[3] * half + t[5];
		double w = size * scale - 1;
		double h = size * scale - 1;
		// chip_details: the chip's source rectangle, centered_drect(centre, size*scale,
		// size*scale).
		double rl = cx - w / 2;
		double rt = cy - h / 2;
		double rr = cx + w / 2;
		double rb = cy + h / 2;

		if (angle == 0 && size == rb - rt + 1 && size == rr - rl + 1) {
			return copyUnscaled(img, rl, rt, size);
		}

		// extract_image_chips: depth of the pyramid_down<2> needed and the crop it works
		// on.
		long chipArea = (long) size * size;
		int depth = 0;
		double grow = 2;
		double[] r = rectDown(new double[] { rl, rt, rr, rb });
		while (area(r) > chipArea) {
			r = rectDown(r);
			depth++;
			grow = grow * 2 + 2;
		}
		double ccx = (rl + rr) / 2;
		double ccy = (rt + rb) / 2;
		double[][] corners = { rotate(ccx, ccy, rl, rt, angle), rotate(ccx, ccy, rr, rt, angle),
				rotate(ccx, ccy, rl, rb, angle), rotate(ccx, ccy, rr, rb, angle) };
		double bl = Double.POSITIVE_INFINITY;
		double bt = Double.POSITIVE_INFINITY;
		double br = Double.NEGATIVE_INFINITY;
		double bb = Double.NEGATIVE_INFINITY;
		for (double[] p : corners) {
			bl = Math.min(bl, p[0]);
			bt = Math.min(bt, p[1]);
			br = Math.max(br, p[0]);
			bb = Math.max(bb, p[1]);
		}
		// grow_rect, intersect with the image, then drectangle -> rectangle rounding.
		long boxL = ShapePredictor.round(Math.max(bl - grow, 0));
		long boxT = ShapePredictor.round(Math.max(bt - grow, 0));
		long boxR = ShapePredictor.round(Math.min(br + grow, img.width - 1));
		long boxB = ShapePredictor.round(Math.min(bb + grow, img.height - 1));
		if (boxL > boxR || boxT > boxB) {
			return new byte[size * size * 3];
		}
		RgbImage source = crop(img, (int) boxL, (int) boxT, (int) (boxR - boxL + 1), (int) (boxB - boxT + 1));
		RgbImage[] levels = new RgbImage[depth];
		for (int i = 0; i < depth; i++) {
			levels[i] = pyramidDown2(i == 0 ? source : levels[i - 1]);
		}

		int level = -1;
		double[] rect = { rl - boxL, rt - boxT, rr - boxL, rb - boxT };
		while (area(rectDown(rect)) > chipArea) {
			level++;
			rect = rectDown(rect);
		}
		RgbImage src = level == -1 ? source : levels[level];
		double ocx = (rect[0] + rect[2]) / 2;
		double ocy = (rect[1] + rect[3]) / 2;
		double[] tl = rotate(ocx, ocy, rect[0], rect[1], angle);
		double[] tr = rotate(ocx, ocy, rect[2], rect[1], angle);
		double[] blc = rotate(ocx, ocy, rect[0], rect[3], angle);
		// find_affine_transform from chip corners (0,0), (size-1,0), (0,size-1) to those
		// points.
		double m00 = (tr[0] - tl[0]) / (size - 1);
		double m10 = (tr[1] - tl[1]) / (size - 1);
		double m01 = (blc[0] - tl[0]) / (size - 1);
		double m11 = (blc[1] - tl[1]) / (size - 1);
		byte[] chip = new byte[size * size * 3];
		for (int y = 0; y < size; y++) {
			for (int x = 0; x < size; x++) {
				double px = m00 * x + m01 * y + tl[0];
				double py = m10 * x + m11 * y + tl[1];
				bilinear(src, px, py, chip, (y * size + x) * 3);
			}
		}
		return chip;
	}

	/**
	 * dlib's interpolate_bilinear on rgb_pixel: doubles, truncated; pixels whose 2x2
	 * block leaves the image stay black.
	 */
	private static void bilinear(RgbImage img, double x, double y, byte[] out, int o) {
		long left = (long) Math.floor(x);
		long top = (long) Math.floor(y);
		long right = left + 1;
		long bottom = top + 1;
		if (!(left >= 0 && top >= 0 && right < img.width && bottom < img.height)) {
			return;
		}
		double lr = x - left;
		double tb = y - top;
		int tlp = (int) ((top * img.width + left) * 3);
		int trp = tlp + 3;
		int blp = (int) ((bottom * img.width + left) * 3);
		int brp = blp + 3;
		byte[] p = img.rgb;
		for (int ch = 0; ch < 3; ch++) {
			double v = (1 - tb) * ((1 - lr) * (p[tlp + ch] & 0xFF) + lr * (p[trp + ch] & 0xFF))
					+ tb * ((1 - lr) * (p[blp + ch] & 0xFF) + lr * (p[brp + ch] & 0xFF));
			out[o + ch] = (byte) (int) v;
		}
	}

	/**
	 * pyramid_down&lt;2&gt; on RGB: separable [1 4 6 4 1] filter, integer arithmetic,
	 * keeping every other pixel.
	 */
	static RgbImage pyramidDown2(RgbImage in) {
		if (in.height <= 8 || in.width <= 8) {
			return new RgbImage(0, 0);
		}
		int tw = (in.width - 3) / 2;
		int th = in.height;
		int[] temp = new int[th * tw * 3];
		byte[] p = in.rgb;
		for (int r = 0; r < th; r++) {
			int row = r * in.width * 3;
			for (int c = 0, oc = 0; c < tw; c++, oc += 2) {
				for (int ch = 0; ch < 3; ch++) {
					int base = row + oc * 3 + ch;
					temp[(r * tw + c) * 3 + ch] = (p[base] & 0xFF) + 4 * (p[base + 3] & 0xFF) + 6 * (p[base + 6] & 0xFF)
							+ 4 * (p[base + 9] & 0xFF) + (p[base + 12] & 0xFF);
				}
			}
		}
		RgbImage down = new RgbImage(tw, (in.height - 3) / 2);
		int dr = 0;
		for (int r = 2; r < th - 2; r += 2) {
			for (int c = 0; c < tw * 3; c++) {
				int v = temp[(r - 2) * tw * 3 + c] + 4 * temp[(r - 1) * tw * 3 + c] + 6 * temp[r * tw * 3 + c]
						+ 4 * temp[(r + 1) * tw * 3 + c] + temp[(r + 2) * tw * 3 + c];
				down.rgb[dr * tw * 3 + c] = (byte) (v / 256);
			}
			dr++;
		}
		return down;
	}

	/**
	 * pyramid_down&lt;2&gt;::rect_down: point_down(p) = p/2 - (1.25, 0.75) on both
	 * corners.
	 */
	private static double[] rectDown(double[] r) {
		double x1 = r[0] / 2.0 - 1.25;
		double y1 = r[1] / 2.0 - 0.75;
		double x2 = r[2] / 2.0 - 1.25;
		double y2 = r[3] / 2.0 - 0.75;
		return new double[] { Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2) };
	}

	/** drectangle::area: inclusive width and height. */
	private static double area(double[] r) {
		if (r[1] > r[3] || r[0] > r[2]) {
			return 0;
		}
		return (r[2] - r[0] + 1) * (r[3] - r[1] + 1);
	}

	/** rotate_point(center, p, angle) via point_rotator. */
	private static double[] rotate(double cx, double cy, double x, double y, double angle) {
		double sin = Math.sin(angle);
		double cos = Math.cos(angle);
		double dx = x - cx;
		double dy = y - cy;
		return new double[] { cos * dx - sin * dy + cx, sin * dx + cos * dy + cy };
	}

	private static RgbImage crop(RgbImage img, int left, int top, int w, int h) {
		byte[] out = new byte[w * h * 3];
		for (int y = 0; y < h; y++) {
			System.arraycopy(img.rgb, ((top + y) * img.width + left) * 3, out, y * w * 3, w * 3);
		}
		return new RgbImage(w, h, out);
	}

	private static byte[] copyUnscaled(RgbImage img, double left, double top, int size) {
		long l = ShapePredictor.round(left);
		long t = ShapePredictor.round(top);
		byte[] out = new byte[size * size * 3];
		for (int y = 0; y < size; y++) {
			for (int x = 0; x < size; x++) {
				long sx = l + x;
				long sy = t + y;
				if (sx >= 0 && sy >= 0 && sx < img.width && sy < img.height) {
					int s = (int) ((sy * img.width + sx) * 3);
					System.arraycopy(img.rgb, s, out, (y * size + x) * 3, 3);
				}
			}
		}
		return out;
	}

}
