package br.suite.timeclock.face;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.Collections;
import java.util.Map;

/**
 * Runs the converted dlib ResNet on a 150x150 aligned chip and returns the 128-d
 * descriptor.
 */
final class FaceEncoder implements AutoCloseable {

	static final int DESCRIPTOR_LENGTH = 128;

	private final OrtEnvironment env;

	private final OrtSession session;

	private final float avgRed;

	private final float avgGreen;

	private final float avgBlue;

	FaceEncoder(OrtEnvironment env, byte[] onnx, OrtSession.SessionOptions options) throws OrtException {
		this.env = env;
		this.session = env.createSession(onnx, options);
		Map<String, String> meta = session.getMetadata().getCustomMetadata();
		// dlib's input_rgb_image_sized stores these as floats; the defaults are dlib's
		// own.
		avgRed = (float) Double.parseDouble(meta.getOrDefault(ModelFormat.META_AVG_RED, "122.782"));
		avgGreen = (float) Double.parseDouble(meta.getOrDefault(ModelFormat.META_AVG_GREEN, "117.001"));
		avgBlue = (float) Double.parseDouble(meta.getOrDefault(ModelFormat.META_AVG_BLUE, "104.298"));
	}

	float[] encode(byte[] chipRgb) throws OrtException {
		int plane = ModelFormat.CHIP_SIZE * ModelFormat.CHIP_SIZE;
		float[] input = new float[3 * plane];
		for (int i = 0; i < plane; i++) {
			// input_rgb_image_sized::to_tensor: (value - mean) / 256, computed in float
			// like dlib.
			input[i] = (float) (((chipRgb[3 * i] & 0xFF) - avgRed) / 256.0);
			input[plane + i] = (float) (((chipRgb[3 * i + 1] & 0xFF) - avgGreen) / 256.0);
			input[2 * plane + i] = (float) (((chipRgb[3 * i + 2] & 0xFF) - avgBlue) / 256.0);
		}
		long[] shape = { 1, 3, ModelFormat.CHIP_SIZE, ModelFormat.CHIP_SIZE };
		try (OnnxTensor tensor = OnnxTensor.createTensor(env, FloatBuffer.wrap(input), shape);
				OrtSession.Result result = session.run(Collections.singletonMap("input", tensor))) {
			float[][] out = (float[][]) result.get(0).getValue();
			return out[0];
		}
	}

	@Override
	public void close() throws OrtException {
		session.close();
	}

}
