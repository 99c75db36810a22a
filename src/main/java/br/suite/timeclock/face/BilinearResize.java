package br.suite.timeclock.face;

/**
 * Bilinear resizing of a float image plane in place, bit for bit as dlib does it (the
 * detector's pyramid levels are built with it).
 */
final class BilinearResize {

	private BilinearResize() {
	}

	/**
	 * dlib's resize_image for float images with bilinear interpolation, including its SSE
	 * path: four columns at a time with x positions accumulated in float and weights in
	 * float, then a scalar tail that mixes double and float. Java's IEEE float/double
	 * arithmetic reproduces it.
	 */
	static void resize(float[] d, int srcOff, int srcRows, int srcCols, int dstOff, int dstRows, int dstCols,
			int stride) {
		if (dstRows == 0 || dstCols == 0 || srcRows == 0 || srcCols == 0) {
			return;
		}
		double xScale = (srcCols - 1) / (double) Math.max(dstCols - 1, 1);
		double yScale = (srcRows - 1) / (double) Math.max(dstRows - 1, 1);
		double y = -yScale;
		float[] lane = new float[4];
		for (int r = 0; r < dstRows; r++) {
			y += yScale;
			int top = (int) Math.floor(y);
			int bottom = Math.min(top + 1, srcRows - 1);
			double tbFrac = y - top;
			float tb = (float) tbFrac;
			float invTb = (float) (1 - tbFrac);
			float xStep4 = (float) (4 * xScale);
			double x0 = -4 * xScale;
			lane[0] = (float) x0;
			lane[1] = (float) (x0 + xScale);
			lane[2] = (float) (x0 + 2 * xScale);
			lane[3] = (float) (x0 + 3 * xScale);
			int topRow = srcOff + top * stride;
			int bottomRow = srcOff + bottom * stride;
			int outRow = dstOff + r * stride;
			int c = 0;
			for (;; c += 4) {
				for (int k = 0; k < 4; k++) {
					lane[k] += xStep4;
				}
				if ((int) lane[3] + 1 >= srcCols) {
					break;
				}
				for (int k = 0; k < 4; k++) {
					int left = (int) lane[k];
					float lr = lane[k] - (float) left;
					float invLr = 1 - lr;
					float tlf = invTb * invLr;
					float trf = invTb * lr;
					float blf = tb * invLr;
					float brf = tb * lr;
					d[outRow + c + k] = tlf * d[topRow + left] + trf * d[topRow + left + 1] + blf * d[bottomRow + left]
							+ brf * d[bottomRow + left + 1];
				}
			}
			double x = -xScale + c * xScale;
			for (; c < dstCols; c++) {
				x += xScale;
				int left = (int) Math.floor(x);
				int right = Math.min(left + 1, srcCols - 1);
				float lr = (float) (x - left);
				float tl = d[topRow + left];
				float tr = d[topRow + right];
				float bl = d[bottomRow + left];
				float br = d[bottomRow + right];
				d[outRow + c] = (float) ((1 - tbFrac) * ((1 - lr) * tl + lr * tr) + tbFrac * ((1 - lr) * bl + lr * br));
			}
		}
	}

}
