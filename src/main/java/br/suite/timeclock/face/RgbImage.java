package br.suite.timeclock.face;

/**
 * An 8-bit interleaved RGB image, the pixel layout dlib's matrix&lt;rgb_pixel&gt; and
 * numpy use.
 */
final class RgbImage {

	final int width;

	final int height;

	final byte[] rgb;

	RgbImage(int width, int height, byte[] rgb) {
		if (rgb.length != width * height * 3) {
			throw new IllegalArgumentException("pixel buffer does not match " + width + "x" + height);
		}
		this.width = width;
		this.height = height;
		this.rgb = rgb;
	}

	RgbImage(int width, int height) {
		this(width, height, new byte[width * height * 3]);
	}

	int red(int x, int y) {
		return rgb[(y * width + x) * 3] & 0xFF;
	}

	int green(int x, int y) {
		return rgb[(y * width + x) * 3 + 1] & 0xFF;
	}

	int blue(int x, int y) {
		return rgb[(y * width + x) * 3 + 2] & 0xFF;
	}

	/**
	 * Area-averaging downscale (each output pixel is the mean of the source area it
	 * covers), so a large photo keeps its detail instead of aliasing like plain bilinear
	 * sampling would.
	 */
	RgbImage downscale(int newWidth, int newHeight) {
		float[][] wx = areaWeights(width, newWidth);
		float[][] wy = areaWeights(height, newHeight);
		int[] x0 = firstIndex(width, newWidth);
		int[] y0 = firstIndex(height, newHeight);
		float[] rows = new float[height * newWidth * 3];
		for (int y = 0; y < height; y++) {
			int src = y * width * 3;
			int dst = y * newWidth * 3;
			for (int ox = 0; ox < newWidth; ox++) {
				float r = 0;
				float g = 0;
				float b = 0;
				float[] w = wx[ox];
				for (int i = 0; i < w.length; i++) {
					int p = src + (x0[ox] + i) * 3;
					r += w[i] * (rgb[p] & 0xFF);
					g += w[i] * (rgb[p + 1] & 0xFF);
					b += w[i] * (rgb[p + 2] & 0xFF);
				}
				rows[dst + ox * 3] = r;
				rows[dst + ox * 3 + 1] = g;
				rows[dst + ox * 3 + 2] = b;
			}
		}
		byte[] out = new byte[newWidth * newHeight * 3];
		for (int oy = 0; oy < newHeight; oy++) {
			float[] w = wy[oy];
			for (int c = 0; c < newWidth * 3; c++) {
				float v = 0;
				for (int i = 0; i < w.length; i++) {
					v += w[i] * rows[(y0[oy] + i) * newWidth * 3 + c];
				}
				out[oy * newWidth * 3 + c] = (byte) Math.min(255, Math.round(v));
			}
		}
		return new RgbImage(newWidth, newHeight, out);
	}

	private static int[] firstIndex(int src, int dst) {
		double scale = (double) src / dst;
		int[] first = new int[dst];
		for (int o = 0; o < dst; o++) {
			first[o] = (int) Math.floor(o * scale);
		}
		return first;
	}

	private static float[][] areaWeights(int src, int dst) {
		double scale = (double) src / dst;
		float[][] weights = new float[dst][];
		for (int o = 0; o < dst; o++) {
			double start = o * scale;
			double end = Math.min(src, (o + 1) * scale);
			int first = (int) Math.floor(start);
			int last = Math.min(src - 1, (int) Math.ceil(end) - 1);
			float[] w = new float[last - first + 1];
			for (int i = first; i <= last; i++) {
				double overlap = Math.min(end, i + 1) - Math.max(start, i);
				w[i - first] = (float) (overlap / (end - start));
			}
			weights[o] = w;
		}
		return weights;
	}

}
