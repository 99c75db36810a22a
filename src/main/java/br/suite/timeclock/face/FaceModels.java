package br.suite.timeclock.face;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates the model files: a directory when one is configured, otherwise the classpath
 * folder /face/.
 */
final class FaceModels {

	static final String CLASSPATH_FOLDER = "/face/";

	final byte[] resnetOnnx;

	final byte[] detectorOnnx;

	final byte[] landmarksDat;

	private FaceModels(byte[] resnetOnnx, byte[] detectorOnnx, byte[] landmarksDat) {
		this.resnetOnnx = resnetOnnx;
		this.detectorOnnx = detectorOnnx;
		this.landmarksDat = landmarksDat;
	}

	/**
	 * A directory holds the converter's output (the two ONNX networks and the landmarks
	 * model), as the build writes it to target/classes/face with tools/face-models; the
	 * service never parses dlib networks.
	 */
	static FaceModels load(Path directory) throws IOException {
		if (directory == null) {
			return new FaceModels(classpath(ModelFormat.RESNET_ONNX), classpath(ModelFormat.DETECTOR_ONNX),
					classpath(ModelFormat.LANDMARKS_DAT));
		}
		return new FaceModels(read(directory, ModelFormat.RESNET_ONNX), read(directory, ModelFormat.DETECTOR_ONNX),
				read(directory, ModelFormat.LANDMARKS_DAT));
	}

	private static byte[] read(Path directory, String name) throws IOException {
		Path p = directory.resolve(name);
		if (!Files.isRegularFile(p)) {
			throw new IOException("face model file not found: " + p);
		}
		return Files.readAllBytes(p);
	}

	private static byte[] classpath(String name) throws IOException {
		try (InputStream in = FaceModels.class.getResourceAsStream(CLASSPATH_FOLDER + name)) {
			if (in == null) {
				throw new IOException("face model " + CLASSPATH_FOLDER + name + " is not on the classpath;"
						+ " build with Maven (generate-resources/process-classes) or configure a model directory");
			}
			return in.readAllBytes();
		}
	}

}
