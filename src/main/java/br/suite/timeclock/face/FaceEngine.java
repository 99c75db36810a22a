package br.suite.timeclock.face;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Offline face verification with dlib's public-domain models run by ONNX Runtime: MMOD
 * CNN detection, 5-point landmarks, aligned 150x150 chip, 128-d ResNet descriptor.
 * Distances match Python face_recognition (model="cnn") on the same detections.
 *
 * <p>
 * Create one instance and share it: it is thread-safe, holds the ONNX sessions for its
 * whole life, and lets at most {@link Settings#maxConcurrent()} analyses run at once (the
 * rest wait).
 */
public final class FaceEngine implements AutoCloseable {

	/**
	 * Default match threshold on the Euclidean distance. dlib's own 0.6 accepted
	 * different people in our measurements; 0.5 kept every tested different-person pair
	 * apart, see FACE-VERIFICATION.md.
	 */
	public static final double DEFAULT_THRESHOLD = 0.5;

	/**
	 * System property naming a model directory that overrides the classpath folder
	 * /face/.
	 */
	public static final String MODEL_DIR_PROPERTY = "suite.face.model-dir";

	/**
	 * @param maxConcurrent analyses allowed to run at once; the others block until a slot
	 * frees
	 * @param minFacePx smallest usable face, in pixels of the uploaded (upright) image
	 * @param maxDetectionSide longer side the detector works on; larger images are
	 * downscaled for detection only (landmarks and chip use full resolution)
	 * @param intraOpThreads ONNX Runtime threads per inference
	 * @param threshold distance at or below which two descriptors are the same person
	 * @param maxWaitMillis how long an analysis waits for a free slot before {@link Busy}
	 * is thrown
	 */
	public record Settings(int maxConcurrent, int minFacePx, int maxDetectionSide, int intraOpThreads, double threshold,
			long maxWaitMillis) {

		public Settings {
			if (maxConcurrent < 1 || minFacePx < 0 || maxDetectionSide < 64 || intraOpThreads < 1 || !(threshold > 0)
					|| maxWaitMillis < 0) {
				throw new IllegalArgumentException("invalid face engine settings");
			}
		}

		/**
		 * Sized for a 2-core host: 2 concurrent analyses of 1 ORT thread each, 100 px
		 * faces, 800 px detection, at most 5 s waiting for a slot.
		 */
		public static Settings defaults() {
			return new Settings(2, 100, 800, 1, DEFAULT_THRESHOLD, 5000);
		}

		public Settings withMaxConcurrent(int value) {
			return new Settings(value, minFacePx, maxDetectionSide, intraOpThreads, threshold, maxWaitMillis);
		}

		public Settings withMinFacePx(int value) {
			return new Settings(maxConcurrent, value, maxDetectionSide, intraOpThreads, threshold, maxWaitMillis);
		}

		public Settings withMaxDetectionSide(int value) {
			return new Settings(maxConcurrent, minFacePx, value, intraOpThreads, threshold, maxWaitMillis);
		}

		public Settings withIntraOpThreads(int value) {
			return new Settings(maxConcurrent, minFacePx, maxDetectionSide, value, threshold, maxWaitMillis);
		}

		public Settings withThreshold(double value) {
			return new Settings(maxConcurrent, minFacePx, maxDetectionSide, intraOpThreads, value, maxWaitMillis);
		}

		public Settings withMaxWaitMillis(long value) {
			return new Settings(maxConcurrent, minFacePx, maxDetectionSide, intraOpThreads, threshold, value);
		}
	}

	/**
	 * Every analysis slot stayed taken for {@link Settings#maxWaitMillis()}: the image
	 * was not analysed.
	 */
	public static final class Busy extends RuntimeException {

		private final long waitedMillis;

		Busy(long waitedMillis) {
			super("no face analysis slot became free within " + waitedMillis + " ms", null, false, false);
			this.waitedMillis = waitedMillis;
		}

		public long waitedMillis() {
			return waitedMillis;
		}

	}

	private final Settings settings;

	private final Semaphore slots;

	private final OrtSession.SessionOptions options;

	private final MmodDetector detector;

	private final FaceEncoder encoder;

	private final ShapePredictor landmarks;

	/**
	 * @param modelDirectory a folder with the converted models (tools/face-models writes
	 * them); null loads them from the classpath /face/
	 */
	public FaceEngine(Path modelDirectory, Settings settings) {
		this.settings = settings;
		this.slots = new Semaphore(settings.maxConcurrent(), true);
		FaceModels models;
		try {
			models = FaceModels.load(modelDirectory);
			landmarks = ShapePredictor.read(models.landmarksDat);
		}
		catch (IOException e) {
			throw new UncheckedIOException("cannot load face models", e);
		}
		OrtEnvironment env = OrtEnvironment.getEnvironment();
		options = new OrtSession.SessionOptions();
		MmodDetector d = null;
		try {
			options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
			options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
			options.setIntraOpNumThreads(settings.intraOpThreads());
			options.setInterOpNumThreads(1);
			// Every image size would otherwise get its own cached arena and memory plan,
			// and RSS keeps growing.
			options.setCPUArenaAllocator(false);
			options.setMemoryPatternOptimization(false);
			// Idle ORT threads must not spin on a 2-core host shared with the web server.
			options.addConfigEntry("session.intra_op.allow_spinning", "0");
			d = new MmodDetector(env, models.detectorOnnx, options, settings.maxConcurrent());
			encoder = new FaceEncoder(env, models.resnetOnnx, options);
			detector = d;
		}
		catch (OrtException | RuntimeException e) {
			closeQuietly(d);
			options.close();
			throw e instanceof RuntimeException ? (RuntimeException) e
					: new IllegalStateException("cannot start ONNX Runtime sessions", e);
		}
	}

	private static void closeQuietly(AutoCloseable c) {
		if (c != null) {
			try {
				c.close();
			}
			catch (Exception ignored) {
				// already failing; the original exception matters
			}
		}
	}

	/**
	 * Loads models from the directory in system property {@value #MODEL_DIR_PROPERTY},
	 * else from the classpath.
	 */
	public static FaceEngine create(Settings settings) {
		String dir = System.getProperty(MODEL_DIR_PROPERTY);
		return new FaceEngine(dir == null || dir.isBlank() ? null : Paths.get(dir), settings);
	}

	public Settings settings() {
		return settings;
	}

	/**
	 * Decodes the image (JPEG honouring EXIF orientation, PNG, GIF, BMP), finds the faces
	 * and, when exactly one of them is at least {@link Settings#minFacePx()} pixels,
	 * computes its descriptor.
	 */
	public Analysis analyze(byte[] imageBytes) {
		return analyze(imageBytes, settings.minFacePx());
	}

	/**
	 * As {@link #analyze(byte[])} with another minimum face size, e.g. for enrolment
	 * photos.
	 *
	 * <p>
	 * The header is read first, without a slot: an image wider or taller than 8192 px or
	 * above 16 MP is {@link Reason#IMAGE_TOO_LARGE} without a pixel decoded. Then the
	 * call waits at most {@link Settings#maxWaitMillis()} for a slot, else throws
	 * {@link Busy}; larger images are decoded subsampled to a longest side of at most
	 * 2048 px, and face boxes are given in the stored resolution.
	 */
	public Analysis analyze(byte[] imageBytes, int minFacePx) {
		ImageSize size = ImageDecoder.size(imageBytes);
		if (size == null) {
			return Analysis.failed(Reason.UNREADABLE_IMAGE);
		}
		if (size.tooLarge()) {
			return Analysis.failed(Reason.IMAGE_TOO_LARGE);
		}
		acquireSlot();
		try {
			ImageDecoder.Decoded decoded = ImageDecoder.decode(imageBytes, ImageDecoder.DECODE_SIDE);
			if (decoded == null) {
				return Analysis.failed(Reason.UNREADABLE_IMAGE);
			}
			return analyze(decoded.image(), minFacePx, decoded.factor());
		}
		catch (OrtException e) {
			throw new IllegalStateException("face inference failed", e);
		}
		finally {
			slots.release();
		}
	}

	/**
	 * The stored size of an image from its header alone, or null when it is no image
	 * ImageIO reads.
	 */
	public static ImageSize imageSize(byte[] imageBytes) {
		return ImageDecoder.size(imageBytes);
	}

	private void acquireSlot() {
		boolean acquired;
		try {
			acquired = slots.tryAcquire(settings.maxWaitMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new Busy(0);
		}
		if (!acquired) {
			throw new Busy(settings.maxWaitMillis());
		}
	}

	/** The slots' semaphore, for tests that need the engine busy. */
	Semaphore slots() {
		return slots;
	}

	/** Euclidean distance between two descriptors (face_recognition's face_distance). */
	public static double distance(float[] a, float[] b) {
		if (a.length != b.length) {
			throw new IllegalArgumentException("descriptor lengths differ: " + a.length + " vs " + b.length);
		}
		double sum = 0;
		for (int i = 0; i < a.length; i++) {
			double d = (double) a[i] - b[i];
			sum += d * d;
		}
		return Math.sqrt(sum);
	}

	Analysis analyze(RgbImage img, int minFacePx) throws OrtException {
		return analyze(img, minFacePx, 1);
	}

	/**
	 * Analyses an image decoded at 1/{@code factor} of its stored resolution: boxes,
	 * sizes and the minimum face size are in stored pixels (factor 1 is the image as
	 * stored).
	 */
	Analysis analyze(RgbImage img, int minFacePx, int factor) throws OrtException {
		int longest = Math.max(img.width, img.height);
		RgbImage detectOn = img;
		if (longest > settings.maxDetectionSide()) {
			double scale = (double) settings.maxDetectionSide() / longest;
			detectOn = img.downscale(Math.max(1, (int) Math.round(img.width * scale)),
					Math.max(1, (int) Math.round(img.height * scale)));
		}
		double sx = (double) img.width / detectOn.width;
		double sy = (double) img.height / detectOn.height;
		List<Face> faces = new ArrayList<>();
		List<long[]> usable = new ArrayList<>();
		for (MmodDetector.Detection d : detector.detect(detectOn)) {
			// Pixel centres map as (p + 0.5) * s - 0.5 between the two resolutions.
			long left = ShapePredictor.round((d.left + 0.5) * sx - 0.5);
			long top = ShapePredictor.round((d.top + 0.5) * sy - 0.5);
			long right = ShapePredictor.round((d.right + 0.5) * sx - 0.5);
			long bottom = ShapePredictor.round((d.bottom + 0.5) * sy - 0.5);
			int size = (int) Math.min(right - left + 1, bottom - top + 1) * factor;
			int x0 = (int) Math.max(0, left);
			int y0 = (int) Math.max(0, top);
			int x1 = (int) Math.min(img.width - 1, right);
			int y1 = (int) Math.min(img.height - 1, bottom);
			if (x1 < x0 || y1 < y0) {
				continue;
			}
			faces
				.add(new Face(x0 * factor, y0 * factor, (x1 - x0 + 1) * factor, (y1 - y0 + 1) * factor, size, d.score));
			if (size >= minFacePx) {
				usable.add(new long[] { left, top, right, bottom });
			}
		}
		int width = img.width * factor;
		int height = img.height * factor;
		if (faces.isEmpty()) {
			return new Analysis(width, height, faces, null, Reason.NO_FACE);
		}
		if (usable.isEmpty()) {
			return new Analysis(width, height, faces, null, Reason.FACE_TOO_SMALL);
		}
		if (usable.size() > 1) {
			return new Analysis(width, height, faces, null, Reason.MULTIPLE_FACES);
		}
		return new Analysis(width, height, faces, describe(img, usable.get(0)), null);
	}

	/**
	 * Landmarks, chip and descriptor for one detector box (inclusive, may extend past the
	 * image).
	 */
	float[] describe(RgbImage img, long[] box) throws OrtException {
		// face_recognition trims the box like this (note: right/bottom to width/height,
		// not width-1).
		long left = Math.max(box[0], 0);
		long top = Math.max(box[1], 0);
		long right = Math.min(box[2], img.width);
		long bottom = Math.min(box[3], img.height);
		long[] points = landmarks.predict(img, left, top, right, bottom);
		byte[] chip = FaceChip.extract(img, points, ModelFormat.CHIP_SIZE);
		return encoder.encode(chip);
	}

	List<MmodDetector.Detection> detectRaw(RgbImage img) throws OrtException {
		return detector.detect(img);
	}

	long[] landmarks(RgbImage img, long[] box) {
		return landmarks.predict(img, Math.max(box[0], 0), Math.max(box[1], 0), Math.min(box[2], img.width),
				Math.min(box[3], img.height));
	}

	@Override
	public void close() {
		try {
			detector.close();
			encoder.close();
		}
		catch (OrtException e) {
			throw new IllegalStateException(e);
		}
		finally {
			options.close();
		}
	}

}
