package br.suite.timeclock.face;

import java.io.IOException;

/**
 * dlib's shape_predictor (an ensemble of regression trees, Kazemi &amp; Sullivan 2014),
 * ported from dlib/image_processing/shape_predictor.h for the 5-point face model.
 * Arithmetic follows dlib's float/double split so the landmarks come out identical.
 */
final class ShapePredictor {

	private final float[] initialShape;

	private final Tree[][] forests;

	private final int[][] anchorIdx;

	/** Per cascade level: x0, y0, x1, y1, ... offsets from the anchor landmark. */
	private final float[][] deltas;

	private static final class Tree {

		int[] idx1;

		int[] idx2;

		float[] thresh;

		float[][] leaves;

	}

	private ShapePredictor(float[] initialShape, Tree[][] forests, int[][] anchorIdx, float[][] deltas) {
		this.initialShape = initialShape;
		this.forests = forests;
		this.anchorIdx = anchorIdx;
		this.deltas = deltas;
	}

	static ShapePredictor read(byte[] dat) throws IOException {
		DlibReader in = new DlibReader(dat);
		if (in.readInt() != 1) {
			throw new IOException("unexpected shape_predictor version");
		}
		float[] initial = in.readFloatMatrix();
		int cascades = (int) in.readLong();
		Tree[][] forests = new Tree[cascades][];
		for (int c = 0; c < cascades; c++) {
			int trees = (int) in.readLong();
			forests[c] = new Tree[trees];
			for (int t = 0; t < trees; t++) {
				Tree tree = new Tree();
				int splits = (int) in.readLong();
				tree.idx1 = new int[splits];
				tree.idx2 = new int[splits];
				tree.thresh = new float[splits];
				for (int s = 0; s < splits; s++) {
					tree.idx1[s] = (int) in.readLong();
					tree.idx2[s] = (int) in.readLong();
					tree.thresh[s] = in.readFloat();
				}
				int leaves = (int) in.readLong();
				tree.leaves = new float[leaves][];
				for (int l = 0; l < leaves; l++) {
					tree.leaves[l] = in.readFloatMatrix();
				}
				forests[c][t] = tree;
			}
		}
		int levels = (int) in.readLong();
		int[][] anchors = new int[levels][];
		for (int i = 0; i < levels; i++) {
			anchors[i] = new int[(int) in.readLong()];
			for (int j = 0; j < anchors[i].length; j++) {
				anchors[i][j] = (int) in.readLong();
			}
		}
		int deltaLevels = (int) in.readLong();
		float[][] deltas = new float[deltaLevels][];
		for (int i = 0; i < deltaLevels; i++) {
			int n = (int) in.readLong();
			deltas[i] = new float[n * 2];
			for (int j = 0; j < n; j++) {
				deltas[i][2 * j] = in.readFloat();
				deltas[i][2 * j + 1] = in.readFloat();
			}
		}
		if (cascades != levels || cascades != deltaLevels || initial.length % 2 != 0) {
			throw new IOException("inconsistent shape_predictor file");
		}
		return new ShapePredictor(initial, forests, anchors, deltas);
	}

	int numParts() {
		return initialShape.length / 2;
	}

	/**
	 * Landmarks for the face in the inclusive rectangle [left, right] x [top, bottom],
	 * rounded to integer pixels as dlib's full_object_detection stores them. Returns x0,
	 * y0, x1, y1, ...
	 */
	long[] predict(RgbImage img, long left, long top, long right, long bottom) {
		float[] shape = initialShape.clone();
		// unnormalizing_tform(rect) maps (0,0) to the top-left and (1,1) to the
		// bottom-right corner.
		double sx = right - left;
		double sy = bottom - top;
		int parts = numParts();
		for (int level = 0; level < forests.length; level++) {
			float[] m = similarity(initialShape, shape);
			int[] anchors = anchorIdx[level];
			float[] d = deltas[level];
			float[] features = new float[anchors.length];
			for (int i = 0; i < anchors.length; i++) {
				float dx = d[2 * i];
				float dy = d[2 * i + 1];
				float nx = m[0] * dx + m[1] * dy + shape[2 * anchors[i]];
				float ny = m[2] * dx + m[3] * dy + shape[2 * anchors[i] + 1];
				long px = round(sx * nx + left);
				long py = round(sy * ny + top);
				if (px >= 0 && py >= 0 && px < img.width && py < img.height) {
					int x = (int) px;
					int y = (int) py;
					features[i] = (img.red(x, y) + img.green(x, y) + img.blue(x, y)) / 3;
				}
				else {
					features[i] = 0;
				}
			}
			for (Tree tree : forests[level]) {
				int node = 0;
				while (node < tree.idx1.length) {
					node = features[tree.idx1[node]] - features[tree.idx2[node]] > tree.thresh[node] ? 2 * node + 1
							: 2 * node + 2;
				}
				float[] leaf = tree.leaves[node - tree.idx1.length];
				for (int i = 0; i < shape.length; i++) {
					shape[i] += leaf[i];
				}
			}
		}
		long[] out = new long[parts * 2];
		for (int i = 0; i < parts; i++) {
			out[2 * i] = round(sx * shape[2 * i] + left);
			out[2 * i + 1] = round(sy * shape[2 * i + 1] + top);
		}
		return out;
	}

	/**
	 * The 2x2 part of find_similarity_transform(from, to) (Umeyama) as floats: row-major
	 * a, b, c, d. For two dimensions the SVD has a closed form: cR = [[p, -q], [q, p]] /
	 * sigma_from for a rotation, [[p, q], [q, -p]] / sigma_from when the best fit is a
	 * reflection.
	 */
	static float[] similarity(float[] from, float[] to) {
		double[] m = Geometry.similarity(toDouble(from), toDouble(to));
		return new float[] { (float) m[0], (float) m[1], (float) m[2], (float) m[3] };
	}

	private static double[] toDouble(float[] v) {
		double[] d = new double[v.length];
		for (int i = 0; i < v.length; i++) {
			d[i] = v[i];
		}
		return d;
	}

	/** dlib converts double vectors to integer points with floor(x + 0.5). */
	static long round(double v) {
		return (long) Math.floor(v + 0.5);
	}

}
