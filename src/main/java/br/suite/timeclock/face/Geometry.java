package br.suite.timeclock.face;

/** Ports of the few dlib geometry routines the pipeline needs (dlib/geometry). */
final class Geometry {

	private Geometry() {
	}

	/**
	 * find_similarity_transform(from, to) for 2-D points given as x0, y0, x1, y1, ...:
	 * Umeyama's least-squares similarity, returned as {m00, m01, m10, m11, tx, ty} with
	 * to = m * from + t. The 2x2 SVD is replaced by its closed form; means, variance and
	 * covariance are accumulated in the same order as dlib so the result agrees to the
	 * last bits that matter.
	 */
	static double[] similarity(double[] from, double[] to) {
		int n = from.length / 2;
		double mfx = 0;
		double mfy = 0;
		double mtx = 0;
		double mty = 0;
		for (int i = 0; i < n; i++) {
			mfx += from[2 * i];
			mfy += from[2 * i + 1];
			mtx += to[2 * i];
			mty += to[2 * i + 1];
		}
		mfx /= n;
		mfy /= n;
		mtx /= n;
		mty /= n;
		double sigmaFrom = 0;
		double a = 0;
		double b = 0;
		double c = 0;
		double d = 0;
		for (int i = 0; i < n; i++) {
			double fx = from[2 * i] - mfx;
			double fy = from[2 * i + 1] - mfy;
			double tx = to[2 * i] - mtx;
			double ty = to[2 * i + 1] - mty;
			sigmaFrom += fx * fx + fy * fy;
			a += tx * fx;
			b += tx * fy;
			c += ty * fx;
			d += ty * fy;
		}
		sigmaFrom /= n;
		a /= n;
		b /= n;
		c /= n;
		d /= n;
		double m00;
		double m01;
		double m10;
		double m11;
		if (a * d - b * c < 0) {
			double p = a - d;
			double q = b + c;
			double norm = sigmaFrom != 0 ? sigmaFrom : Math.hypot(p, q);
			m00 = p / norm;
			m01 = q / norm;
			m10 = q / norm;
			m11 = -p / norm;
		}
		else {
			double p = a + d;
			double q = c - b;
			double norm = sigmaFrom != 0 ? sigmaFrom : Math.hypot(p, q);
			if (norm == 0) {
				p = 1;
				q = 0;
				norm = 1;
			}
			m00 = p / norm;
			m01 = -q / norm;
			m10 = q / norm;
			m11 = p / norm;
		}
		double tx = mtx - (m00 * mfx + m01 * mfy);
		double ty = mty - (m10 * mfx + m11 * mfy);
		return new double[] { m00, m01, m10, m11, tx, ty };
	}

	/**
	 * Intersection over the bounding box of both (dlib's test_box_overlap), on inclusive
	 * integer rectangles.
	 */
	static boolean overlaps(long[] r1, long[] r2, double iouThreshold, double coveredThreshold) {
		double inner = area(Math.max(r1[0], r2[0]), Math.max(r1[1], r2[1]), Math.min(r1[2], r2[2]),
				Math.min(r1[3], r2[3]));
		if (inner == 0) {
			return false;
		}
		double outer = area(Math.min(r1[0], r2[0]), Math.min(r1[1], r2[1]), Math.max(r1[2], r2[2]),
				Math.max(r1[3], r2[3]));
		return inner / outer > iouThreshold || inner / area(r1[0], r1[1], r1[2], r1[3]) > coveredThreshold
				|| inner / area(r2[0], r2[1], r2[2], r2[3]) > coveredThreshold;
	}

	static double area(long left, long top, long right, long bottom) {
		if (left > right || top > bottom) {
			return 0;
		}
		return (double) (right - left + 1) * (bottom - top + 1);
	}

}
