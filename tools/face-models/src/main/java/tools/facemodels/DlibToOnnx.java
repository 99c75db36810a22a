package tools.facemodels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import br.suite.timeclock.face.ModelFormat;

/**
 * Build-time converter: {@code DlibToOnnx <modelsDir> <outDir>}.
 *
 * <p>
 * Writes the face ResNet and the MMOD detector as ONNX (the detector's decoding
 * parameters travel as ONNX metadata) and copies the landmark model plus the models'
 * licence next to them, so the service never parses dlib networks at run time. Outputs
 * newer than their inputs are kept.
 */
public final class DlibToOnnx {

	/**
	 * Bump when the generated graphs change, so existing build outputs are regenerated.
	 */
	static final String CONVERTER_VERSION = "1";

	private static final String STAMP = "face-onnx.version";

	private DlibToOnnx() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 2) {
			System.err.println("usage: DlibToOnnx <modelsDir> <outDir>");
			System.exit(2);
		}
		Path models = Paths.get(args[0]);
		Path out = Paths.get(args[1]);
		Files.createDirectories(out);
		Path stamp = out.resolve(STAMP);
		boolean sameConverter = Files.exists(stamp)
				&& new String(Files.readAllBytes(stamp), StandardCharsets.UTF_8).trim().equals(CONVERTER_VERSION);

		Path resnetDat = models.resolve(ModelFormat.RESNET_DAT);
		Path resnetOnnx = out.resolve(ModelFormat.RESNET_ONNX);
		if (!sameConverter || isStale(resnetOnnx, resnetDat)) {
			long t0 = System.nanoTime();
			writeAtomically(resnetOnnx, convertResNet(Files.readAllBytes(resnetDat)));
			log("wrote %s in %d ms", resnetOnnx, (System.nanoTime() - t0) / 1_000_000);
		}
		Path detectorDat = models.resolve(ModelFormat.DETECTOR_DAT);
		Path detectorOnnx = out.resolve(ModelFormat.DETECTOR_ONNX);
		if (!sameConverter || isStale(detectorOnnx, detectorDat)) {
			writeAtomically(detectorOnnx, convertDetector(Files.readAllBytes(detectorDat)));
			log("wrote %s", detectorOnnx);
		}
		copyIfStale(models.resolve(ModelFormat.LANDMARKS_DAT), out.resolve(ModelFormat.LANDMARKS_DAT));
		copyIfStale(models.resolve("LICENSE"), out.resolve(ModelFormat.MODELS_LICENSE));
		copyIfStale(models.resolve("README.md"), out.resolve(ModelFormat.MODELS_README));
		if (!sameConverter) {
			Files.write(stamp, CONVERTER_VERSION.getBytes(StandardCharsets.UTF_8));
		}
	}

	static byte[] convertResNet(byte[] dat) throws IOException {
		DlibNet net = DlibNet.readFaceResNet(dat);
		if (net.inputRows != ModelFormat.CHIP_SIZE || net.inputCols != ModelFormat.CHIP_SIZE) {
			throw new IOException("unexpected ResNet input size " + net.inputRows + "x" + net.inputCols);
		}
		Map<String, String> meta = new LinkedHashMap<>();
		meta.put(ModelFormat.META_AVG_RED, Double.toHexString(net.avgRed));
		meta.put(ModelFormat.META_AVG_GREEN, Double.toHexString(net.avgGreen));
		meta.put(ModelFormat.META_AVG_BLUE, Double.toHexString(net.avgBlue));
		return net.toOnnx("dlib_face_recognition_resnet_model_v1", true, meta);
	}

	static byte[] convertDetector(byte[] dat) throws IOException {
		DlibNet net = DlibNet.readMmodDetector(dat);
		double[] mapping = net.outputToInputMapping();
		Map<String, String> meta = new LinkedHashMap<>();
		meta.put(ModelFormat.META_WINDOW_WIDTH, Long.toString(net.windowWidth));
		meta.put(ModelFormat.META_WINDOW_HEIGHT, Long.toString(net.windowHeight));
		meta.put(ModelFormat.META_PYRAMID_PADDING, Long.toString(net.pyramidPadding));
		meta.put(ModelFormat.META_PYRAMID_OUTER_PADDING, Long.toString(net.pyramidOuterPadding));
		// Hex float literals round-trip bit-exactly through Double.parseDouble.
		meta.put(ModelFormat.META_NMS_IOU, Double.toHexString(net.nmsIouThreshold));
		meta.put(ModelFormat.META_NMS_COVERED, Double.toHexString(net.nmsCoveredThreshold));
		meta.put(ModelFormat.META_AVG_RED, Double.toHexString(net.avgRed));
		meta.put(ModelFormat.META_AVG_GREEN, Double.toHexString(net.avgGreen));
		meta.put(ModelFormat.META_AVG_BLUE, Double.toHexString(net.avgBlue));
		meta.put(ModelFormat.META_MAP_SCALE, Double.toHexString(mapping[0]));
		meta.put(ModelFormat.META_MAP_OFFSET, Double.toHexString(mapping[1]));
		return net.toOnnx("mmod_human_face_detector", false, meta);
	}

	private static boolean isStale(Path output, Path input) throws IOException {
		if (!Files.exists(input)) {
			throw new IOException("missing model file " + input + " (run scripts/fetch-face-models.sh first)");
		}
		return !Files.exists(output)
				|| Files.getLastModifiedTime(output).compareTo(Files.getLastModifiedTime(input)) < 0;
	}

	private static void copyIfStale(Path from, Path to) throws IOException {
		if (isStale(to, from)) {
			Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	private static void writeAtomically(Path target, byte[] bytes) throws IOException {
		Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
		Files.write(tmp, bytes);
		Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	private static void log(String format, Object... args) {
		System.out.println("[DlibToOnnx] " + String.format(Locale.ROOT, format, args));
	}

}
