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

	static final String RESNET_DAT = "dlib_face_recognition_resnet_model_v1.dat";
	static final String RESNET_ONNX = "dlib_face_recognition_resnet_model_v1.onnx";
	static final String DETECTOR_DAT = "mmod_human_face_detector.dat";
	static final String DETECTOR_ONNX = "mmod_human_face_detector.onnx";
	static final String LANDMARKS_DAT = "shape_predictor_5_face_landmarks.dat";
	static final String MODELS_LICENSE = "LICENSE-face-models.txt";
	static final String MODELS_README = "README-face-models.md";
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
			return new FaceModels(classpath(RESNET_ONNX), classpath(DETECTOR_ONNX), classpath(LANDMARKS_DAT));
		}
		return new FaceModels(read(directory, RESNET_ONNX), read(directory, DETECTOR_ONNX),
				read(directory, LANDMARKS_DAT));
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
