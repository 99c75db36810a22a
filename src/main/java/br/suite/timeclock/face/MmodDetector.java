package br.suite.timeclock.face;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * dlib's CNN face detector (loss_mmod over
 * input_rgb_image_pyramid&lt;pyramid_down&lt;6&gt;&gt;): the image and all its downscaled
 * copies are packed into one tiled tensor, the convolutional network scores every
 * position once, and positive cells are mapped back through the tile they fall in. Ported
 * from dlib/dnn/input.h, loss.h and image_transforms/image_pyramid.h.
 */
final class MmodDetector implements AutoCloseable {

	/** pyramid_down&lt;6&gt;: each level is 5/6 of the previous one. */
	private static final int PYRAMID_N = 6;

	private static final long MIN_LEVEL_HEIGHT = 5;

	private static final int MIN_IMAGE_SIDE = 16;

	/** One detection, an inclusive integer rectangle in the input image's pixels. */
	static final class Detection {

		final long left;

		final long top;

		final long right;

		final long bottom;

		final double score;

		Detection(long left, long top, long right, long bottom, double score) {
			this.left = left;
			this.top = top;
			this.right = right;
			this.bottom = bottom;
			this.score = score;
		}

		long[] rect() {
			return new long[] { left, top, right, bottom };
		}

	}

	private final OrtEnvironment env;

	private final OrtSession session;

	private final double windowWidth;

	private final double windowHeight;

	private final double nmsIou;

	private final double nmsCovered;

	private final long padding;

	private final long outerPadding;

	private final float avgRed;

	private final float avgGreen;

	private final float avgBlue;

	private final double mapScale;

	private final double mapOffset;

	/**
	 * At most one workspace per concurrent detection: a tiled pyramid of an 800 px image
	 * is ~10 MB.
	 */
	private final ArrayBlockingQueue<Workspace> workspaces;

	MmodDetector(OrtEnvironment env, byte[] onnx, OrtSession.SessionOptions options, int maxConcurrent)
			throws OrtException {
		this.env = env;
		this.session = env.createSession(onnx, options);
		Map<String, String> m = session.getMetadata().getCustomMetadata();
		windowWidth = Long.parseLong(required(m, ModelFormat.META_WINDOW_WIDTH));
		windowHeight = Long.parseLong(required(m, ModelFormat.META_WINDOW_HEIGHT));
		nmsIou = Double.parseDouble(required(m, ModelFormat.META_NMS_IOU));
		nmsCovered = Double.parseDouble(required(m, ModelFormat.META_NMS_COVERED));
		padding = Long.parseLong(required(m, ModelFormat.META_PYRAMID_PADDING));
		outerPadding = Long.parseLong(required(m, ModelFormat.META_PYRAMID_OUTER_PADDING));
		avgRed = (float) Double.parseDouble(required(m, ModelFormat.META_AVG_RED));
		avgGreen = (float) Double.parseDouble(required(m, ModelFormat.META_AVG_GREEN));
		avgBlue = (float) Double.parseDouble(required(m, ModelFormat.META_AVG_BLUE));
		mapScale = Double.parseDouble(required(m, ModelFormat.META_MAP_SCALE));
		mapOffset = Double.parseDouble(required(m, ModelFormat.META_MAP_OFFSET));
		workspaces = new ArrayBlockingQueue<>(Math.max(1, maxConcurrent));
	}

	private static String required(Map<String, String> meta, String key) {
		String v = meta.get(key);
		if (v == null) {
			throw new IllegalStateException(
					"detector ONNX lacks metadata " + key + "; regenerate it with tools/face-models");
		}
		return v;
	}

	List<Detection> detect(RgbImage img) throws OrtException {
		if (img.width < MIN_IMAGE_SIDE || img.height < MIN_IMAGE_SIDE) {
			// Too small for the network's three unpadded stride-2 convolutions, and for
			// any face.
			return Collections.emptyList();
		}
		List<long[]> rects = new ArrayList<>();
		long[] size = tiledPyramidLayout(img.height, img.width, rects);
		if (rects.isEmpty()) {
			return Collections.emptyList();
		}
		int rows = (int) size[0];
		int cols = (int) size[1];
		int count = 3 * rows * cols;
		Workspace ws = borrow(count);
		try {
			Arrays.fill(ws.data, 0, count, 0f);
			fillTiledPyramid(img, rects, rows, cols, ws.data);
			ws.input.clear();
			ws.input.put(ws.data, 0, count);
			ws.input.flip();
			try (OnnxTensor tensor = OnnxTensor.createTensor(env, ws.input, new long[] { 1, 3, rows, cols });
					OrtSession.Result result = session.run(Collections.singletonMap("input", tensor))) {
				OnnxTensor out = (OnnxTensor) result.get(0);
				long[] shape = out.getInfo().getShape();
				FloatBuffer fb = out.getFloatBuffer();
				float[] scores = new float[fb.remaining()];
				fb.get(scores);
				return decode(scores, shape[2], shape[3], rects);
			}
		}
		finally {
			workspaces.offer(ws);
		}
	}

	/**
	 * Heap scratch for building the pyramid plus the direct buffer ORT reads without
	 * copying.
	 */
	private static final class Workspace {

		final float[] data;

		final FloatBuffer input;

		Workspace(int capacity) {
			data = new float[capacity];
			input = ByteBuffer.allocateDirect(capacity * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
		}

	}

	private Workspace borrow(int floats) {
		Workspace ws = workspaces.poll();
		if (ws != null && ws.data.length >= floats) {
			return ws;
		}
		// Rounded up so that slightly larger images later on do not force another
		// allocation.
		return new Workspace(((floats >> 18) + 1) << 18);
	}

	/**
	 * impl::compute_tiled_image_pyramid_details: level rectangles (left, top, right,
	 * bottom) inside a tensor of the returned {rows, cols}. The first levels are stacked
	 * down the left column; the small ones climb up the right-hand side from the bottom.
	 */
	long[] tiledPyramidLayout(long nr, long nc, List<long[]> rects) {
		rects.clear();
		if (nr * nc == 0) {
			return new long[] { 0, 0 };
		}
		double rate = (PYRAMID_N - 1.0) / PYRAMID_N;
		List<long[]> sizes = new ArrayList<>();
		sizes.add(new long[] { nc, nr });
		while (true) {
			nr = (long) Math.floor(rate * nr);
			nc = (long) Math.floor(rate * nc);
			if (nr * nc == 0 || nr < MIN_LEVEL_HEIGHT) {
				break;
			}
			sizes.add(new long[] { nc, nr });
		}
		long firstWidth = sizes.get(0)[0];
		long firstHeight = sizes.get(0)[1];
		long totalHeight = 0;
		for (long[] s : sizes) {
			totalHeight += s[1] + padding;
		}
		totalHeight -= padding * 2;
		long height = 0;
		long prevWidth = 0;
		for (long[] s : sizes) {
			if (s[0] <= firstWidth - prevWidth - padding && (height - firstHeight) * 2 >= (totalHeight - firstHeight)) {
				break;
			}
			height += s[1] + padding;
			prevWidth = s[0];
		}
		height -= padding;
		long width = firstWidth;
		long y = outerPadding;
		int i = 0;
		while (y < height + outerPadding && i < sizes.size()) {
			long[] s = sizes.get(i);
			rects.add(new long[] { outerPadding, y, outerPadding + s[0] - 1, y + s[1] - 1 });
			y += s[1] + padding;
			i++;
		}
		y -= padding;
		long[] first = rects.get(0);
		while (i < sizes.size()) {
			long[] s = sizes.get(i);
			long x2 = outerPadding + width - 1;
			long y2 = y - 1;
			long[] r = { x2 - (s[0] - 1), y2 - (s[1] - 1), x2, y2 };
			boolean intersects = Math.max(first[0], r[0]) <= Math.min(first[2], r[2])
					&& Math.max(first[1], r[1]) <= Math.min(first[3], r[3]);
			if (intersects) {
				break;
			}
			rects.add(r);
			y -= s[1] + padding;
			i++;
		}
		return new long[] { height + outerPadding * 2, width + outerPadding * 2 };
	}

	/**
	 * input_rgb_image_pyramid::to_tensor: the normalised image in tile 0, zeros (the mean
	 * colour) elsewhere.
	 */
	private void fillTiledPyramid(RgbImage img, List<long[]> rects, int rows, int cols, float[] data) {
		int plane = rows * cols;
		long[] r0 = rects.get(0);
		for (int y = 0; y < img.height; y++) {
			int dst = (int) ((r0[1] + y) * cols + r0[0]);
			int src = y * img.width * 3;
			for (int x = 0; x < img.width; x++) {
				data[dst + x] = (float) (((img.rgb[src + 3 * x] & 0xFF) - avgRed) / 256.0);
				data[plane + dst + x] = (float) (((img.rgb[src + 3 * x + 1] & 0xFF) - avgGreen) / 256.0);
				data[2 * plane + dst + x] = (float) (((img.rgb[src + 3 * x + 2] & 0xFF) - avgBlue) / 256.0);
			}
		}
		for (int i = 1; i < rects.size(); i++) {
			long[] s = rects.get(i - 1);
			long[] d = rects.get(i);
			for (int ch = 0; ch < 3; ch++) {
				BilinearResize.resize(data, (int) (ch * plane + s[1] * cols + s[0]), (int) (s[3] - s[1] + 1),
						(int) (s[2] - s[0] + 1), (int) (ch * plane + d[1] * cols + d[0]), (int) (d[3] - d[1] + 1),
						(int) (d[2] - d[0] + 1), cols);
			}
		}
	}

	/**
	 * loss_mmod_::tensor_to_dets + to_label: threshold 0, map to the image, sort, greedy
	 * NMS.
	 */
	private List<Detection> decode(float[] scores, long outRows, long outCols, List<long[]> rects) {
		List<Detection> candidates = new ArrayList<>();
		double halfW = (windowWidth - 1) / 2;
		double halfH = (windowHeight - 1) / 2;
		double ratio = PYRAMID_N / (PYRAMID_N - 1.0);
		for (int r = 0; r < outRows; r++) {
			for (int c = 0; c < outCols; c++) {
				double score = scores[(int) (r * outCols + c)];
				if (score <= 0) {
					continue;
				}
				double px = c * mapScale + mapOffset;
				double py = r * mapScale + mapOffset;
				// centered_drect(p, w, h) then tiled_pyramid_to_image (nearest tile,
				// point_up per level).
				double l = px - halfW;
				double t = py - halfH;
				double rr = px + halfW;
				double b = py + halfH;
				int level = nearestRect(rects, ShapePredictor.round((l + rr) / 2), ShapePredictor.round((t + b) / 2));
				long[] origin = rects.get(level);
				l -= origin[0];
				rr -= origin[0];
				t -= origin[1];
				b -= origin[1];
				for (int k = 0; k < level; k++) {
					l = l * ratio + 0.3;
					t = t * ratio + 0.3;
					rr = rr * ratio + 0.3;
					b = b * ratio + 0.3;
				}
				candidates.add(new Detection(ShapePredictor.round(l), ShapePredictor.round(t), ShapePredictor.round(rr),
						ShapePredictor.round(b), score));
			}
		}
		candidates.sort(Comparator.comparingDouble((Detection det) -> det.score).reversed());
		List<Detection> kept = new ArrayList<>();
		for (Detection det : candidates) {
			boolean suppressed = false;
			for (Detection k : kept) {
				if (Geometry.overlaps(k.rect(), det.rect(), nmsIou, nmsCovered)) {
					suppressed = true;
					break;
				}
			}
			if (!suppressed) {
				kept.add(det);
			}
		}
		return kept;
	}

	/** dlib's nearest_rect: the first tile containing the point, else the closest one. */
	private static int nearestRect(List<long[]> rects, long x, long y) {
		int best = 0;
		double bestDist = Double.POSITIVE_INFINITY;
		for (int i = 0; i < rects.size(); i++) {
			long[] r = rects.get(i);
			if (x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3]) {
				return i;
			}
			long nx = Math.min(Math.max(x, r[0]), r[2]);
			long ny = Math.min(Math.max(y, r[1]), r[3]);
			double dist = Math.sqrt((double) (nx - x) * (nx - x) + (double) (ny - y) * (ny - y));
			if (dist < bestDist) {
				bestDist = dist;
				best = i;
			}
		}
		return best;
	}

	@Override
	public void close() throws OrtException {
		session.close();
	}

}
