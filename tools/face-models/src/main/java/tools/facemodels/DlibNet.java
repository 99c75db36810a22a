package tools.facemodels;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import br.suite.timeclock.face.DlibReader;

/**
 * A dlib DNN read from its .dat file and turned into an ONNX graph.
 *
 * <p>
 * dlib does not store a network's structure, only its weights, nested as in the C++ type
 * (outermost layer first, so the file is a prefix of version numbers followed by the
 * layer details from the input outwards). The structure is therefore spelled out here,
 * mirroring the type definitions of dlib's dnn_mmod_face_detection_ex.cpp and
 * dnn_face_recognition_ex.cpp.
 */
final class DlibNet {

	enum Kind {

		CON, AFFINE, RELU, MAX_POOL, AVG_POOL, ADD_PREV, FC, TAG, SKIP

	}

	static final class Layer {

		final Kind kind;

		final int tag;

		int version;

		// CON: OIHW weights; FC: [in][out] weights.
		float[] weights;

		float[] bias;

		int outChannels;

		int inChannels;

		int kernelH;

		int kernelW;

		int strideY;

		int strideX;

		int padY;

		int padX;

		// AFFINE: per-channel y = x * gamma + beta.
		float[] gamma;

		float[] beta;

		Layer(Kind kind, int tag) {
			this.kind = kind;
			this.tag = tag;
		}

	}

	final List<Layer> layers;

	float avgRed;

	float avgGreen;

	float avgBlue;

	/** input_rgb_image_sized only. */
	int inputRows;

	int inputCols;

	/** input_rgb_image_pyramid only. */
	long pyramidPadding = 10;

	long pyramidOuterPadding = 11;

	/** loss_mmod_ only. */
	long windowWidth;

	long windowHeight;

	double nmsIouThreshold;

	double nmsCoveredThreshold;

	private DlibNet(List<Layer> layers) {
		this.layers = layers;
	}

	// ------------------------------------------------------------------ structure

	private static final class Spec {

		final List<Layer> layers = new ArrayList<>();

		Spec add(Kind kind) {
			layers.add(new Layer(kind, 0));
			return this;
		}

		Spec add(Kind kind, int tag) {
			layers.add(new Layer(kind, tag));
			return this;
		}

		/**
		 * dlib's block + residual: BN(con(relu(BN(con(x, stride))))), joined to the input
		 * by add_prev.
		 */
		Spec residual() {
			add(Kind.TAG, 1);
			add(Kind.CON).add(Kind.AFFINE).add(Kind.RELU).add(Kind.CON).add(Kind.AFFINE);
			add(Kind.ADD_PREV, 1).add(Kind.RELU);
			return this;
		}

		/**
		 * residual_down: the block runs at stride 2 and is added to a 2x2 average pool of
		 * its input.
		 */
		Spec residualDown() {
			add(Kind.TAG, 1);
			add(Kind.CON).add(Kind.AFFINE).add(Kind.RELU).add(Kind.CON).add(Kind.AFFINE);
			add(Kind.TAG, 2).add(Kind.SKIP, 1).add(Kind.AVG_POOL).add(Kind.ADD_PREV, 2).add(Kind.RELU);
			return this;
		}

	}

	/**
	 * loss_mmod&lt;con&lt;1,9,9,1,1, rcon5 x3
	 * &lt;downsampler&lt;input_rgb_image_pyramid&lt;pyramid_down&lt;6&gt;&gt;&gt;&gt;&gt;&gt;.
	 */
	static DlibNet readMmodDetector(byte[] dat) throws IOException {
		Spec s = new Spec();
		for (int i = 0; i < 6; i++) {
			s.add(Kind.CON).add(Kind.AFFINE).add(Kind.RELU);
		}
		s.add(Kind.CON);
		return read(dat, s.layers, true);
	}

	/** The ResNet-29 "anet_type" of dlib_face_recognition_resnet_model_v1. */
	static DlibNet readFaceResNet(byte[] dat) throws IOException {
		Spec s = new Spec();
		s.add(Kind.CON).add(Kind.AFFINE).add(Kind.RELU).add(Kind.MAX_POOL);
		s.residual().residual().residual();
		s.residualDown().residual().residual().residual();
		s.residualDown().residual().residual();
		s.residualDown().residual().residual();
		s.residualDown();
		s.add(Kind.AVG_POOL).add(Kind.FC);
		return read(dat, s.layers, false);
	}

	// ------------------------------------------------------------------ parsing

	private static DlibNet read(byte[] dat, List<Layer> spec, boolean mmod) throws IOException {
		DlibReader in = new DlibReader(dat);
		DlibNet net = new DlibNet(Collections.unmodifiableList(spec));
		if (in.readInt() != 1) {
			throw new IOException("unexpected add_loss_layer version");
		}
		if (mmod) {
			net.readMmodLoss(in);
		}
		else {
			String loss = in.readString();
			if (loss.equals("loss_metric_2")) {
				// Margin and distance threshold only matter for training.
				in.readFloat();
				in.readFloat();
			}
			else if (!loss.equals("loss_metric_")) {
				throw new IOException("expected loss_metric_, found " + loss);
			}
		}
		// Prefix: one version number per wrapper, outermost first; tags and skips are
		// always version 1.
		for (int i = spec.size() - 1; i >= 1; i--) {
			Layer l = spec.get(i);
			l.version = in.readInt();
			boolean wrapper = l.kind == Kind.TAG || l.kind == Kind.SKIP;
			if (wrapper ? l.version != 1 : (l.version < 1 || l.version > 2)) {
				throw new IOException("structure mismatch at layer " + i + " (" + l.kind + "): version " + l.version);
			}
		}
		int inputVersion = in.readInt();
		if (inputVersion < 2 || inputVersion > 3) {
			throw new IOException("unexpected input add_layer version " + inputVersion);
		}
		net.readInputLayer(in);
		readDetails(in, spec.get(0));
		// Training state of the innermost add_layer: flags, gradient and output caches,
		// sample expansion.
		in.readBool();
		in.readBool();
		in.readBool();
		in.readTensor();
		in.readTensor();
		in.readTensor();
		if (inputVersion >= 3) {
			in.readLong();
		}
		// Suffix: each layer's details and training state from the input outwards; tags
		// and skips store nothing.
		for (int i = 1; i < spec.size(); i++) {
			Layer l = spec.get(i);
			if (l.kind == Kind.TAG || l.kind == Kind.SKIP) {
				continue;
			}
			readDetails(in, l);
			in.readBool();
			in.readBool();
			in.readBool();
			in.readTensor();
			in.readTensor();
			if (l.version == 2) {
				in.readTensor();
			}
		}
		if (!in.atEnd()) {
			throw new IOException("trailing data after network at offset " + in.position());
		}
		net.resolveChannels();
		return net;
	}

	private void readMmodLoss(DlibReader in) throws IOException {
		in.expectString("loss_mmod_");
		int version = in.readInt();
		if (version < 1 || version > 4) {
			throw new IOException("unexpected mmod_options version " + version);
		}
		if (version == 1) {
			windowWidth = in.readLong();
			windowHeight = in.readLong();
		}
		else {
			long count = in.readLong();
			if (count != 1) {
				throw new IOException("expected one detector window, found " + count);
			}
			int wv = in.readInt();
			windowWidth = in.readLong();
			windowHeight = in.readLong();
			if (wv == 2) {
				in.readString();
			}
		}
		in.readDouble(); // loss_per_false_alarm
		in.readDouble(); // loss_per_missed_target
		in.readDouble(); // truth_match_iou_threshold
		nmsIouThreshold = in.readDouble();
		nmsCoveredThreshold = in.readDouble();
		in.readDouble(); // overlaps_ignore
		in.readDouble();
		if (version >= 3) {
			in.readLong(); // assume_image_pyramid
		}
		if (version >= 4) {
			if (in.readBool()) {
				throw new IOException("bounding box regression detectors are not supported");
			}
			in.readDouble();
		}
	}

	private void readInputLayer(DlibReader in) throws IOException {
		String name = in.readString();
		avgRed = in.readFloat();
		avgGreen = in.readFloat();
		avgBlue = in.readFloat();
		switch (name) {
			case "input_rgb_image_sized":
				inputRows = (int) in.readLong();
				inputCols = (int) in.readLong();
				break;
			case "input_rgb_image_pyramid2":
				pyramidPadding = in.readLong();
				pyramidOuterPadding = in.readLong();
				break;
			case "input_rgb_image_pyramid":
				break;
			default:
				throw new IOException("unsupported input layer " + name);
		}
	}

	private static void readDetails(DlibReader in, Layer l) throws IOException {
		switch (l.kind) {
			case CON:
				readCon(in, l);
				break;
			case AFFINE:
				readAffine(in, l);
				break;
			case RELU:
				in.expectString("relu_");
				break;
			case MAX_POOL:
				in.expectString("max_pool_2");
				readPool(in, l);
				break;
			case AVG_POOL:
				in.expectString("avg_pool_2");
				readPool(in, l);
				break;
			case ADD_PREV:
				in.expectString("add_prev_");
				break;
			case FC:
				readFc(in, l);
				break;
			default:
				throw new IOException("no details for " + l.kind);
		}
	}

	private static void readCon(DlibReader in, Layer l) throws IOException {
		String version = in.readString();
		if (!version.equals("con_4") && !version.equals("con_5")) {
			throw new IOException("unsupported con_ version " + version);
		}
		DlibReader.Tensor params = in.readTensor();
		l.outChannels = (int) in.readLong();
		l.kernelH = (int) in.readLong();
		l.kernelW = (int) in.readLong();
		l.strideY = in.readInt();
		l.strideX = in.readInt();
		l.padY = in.readInt();
		l.padX = in.readInt();
		long[] filters = in.readAliasTensor();
		long[] biases = in.readAliasTensor();
		for (int i = 0; i < 4; i++) {
			in.readDouble(); // learning-rate and weight-decay multipliers
		}
		boolean useBias = !version.equals("con_5") || in.readBool();
		int filterSize = (int) (filters[0] * filters[1] * filters[2] * filters[3]);
		if (filters[0] != l.outChannels || filters[2] != l.kernelH || filters[3] != l.kernelW) {
			throw new IOException("con_ filter shape mismatch");
		}
		l.inChannels = (int) filters[1];
		l.weights = slice(params.values, 0, filterSize);
		long biasSize = biases[0] * biases[1] * biases[2] * biases[3];
		if (useBias && biasSize == l.outChannels) {
			l.bias = slice(params.values, filterSize, l.outChannels);
		}
	}

	private static void readAffine(DlibReader in, Layer l) throws IOException {
		String version = in.readString();
		if (version.equals("bn_con2")) {
			readBatchNormAsAffine(in, l);
			return;
		}
		if (!version.equals("affine_") && !version.equals("affine_2")) {
			throw new IOException("unsupported affine_ version " + version);
		}
		DlibReader.Tensor params = in.readTensor();
		long[] g = in.readAliasTensor();
		in.readAliasTensor();
		int mode = in.readInt();
		boolean disabled = version.equals("affine_2") && in.readBool();
		if (mode != 0) {
			throw new IOException("only CONV_MODE affine layers are supported");
		}
		int n = (int) (g[0] * g[1] * g[2] * g[3]);
		if (disabled) {
			l.gamma = filled(n, 1f);
			l.beta = new float[n];
		}
		else {
			l.gamma = slice(params.values, 0, n);
			l.beta = slice(params.values, n, n);
		}
	}

	/**
	 * dlib's affine_(const bn_&amp;): gamma / sqrt(running_var + eps), beta - gamma' *
	 * running_mean, in float.
	 */
	private static void readBatchNormAsAffine(DlibReader in, Layer l) throws IOException {
		DlibReader.Tensor params = in.readTensor();
		long[] g = in.readAliasTensor();
		in.readAliasTensor();
		in.readTensor(); // means (training batch statistics)
		in.readTensor(); // invstds
		DlibReader.Tensor runningMeans = in.readTensor();
		DlibReader.Tensor runningVariances = in.readTensor();
		in.readLong(); // num_updates
		in.readLong(); // running_stats_window_size
		for (int i = 0; i < 4; i++) {
			in.readDouble();
		}
		float eps = (float) in.readDouble();
		int n = (int) (g[0] * g[1] * g[2] * g[3]);
		l.gamma = new float[n];
		l.beta = new float[n];
		for (int i = 0; i < n; i++) {
			float scale = params.values[i] / (float) Math.sqrt(runningVariances.values[i] + eps);
			l.gamma[i] = scale;
			l.beta[i] = params.values[n + i] - scale * runningMeans.values[i];
		}
	}

	private static void readPool(DlibReader in, Layer l) throws IOException {
		l.kernelH = (int) in.readLong();
		l.kernelW = (int) in.readLong();
		l.strideY = in.readInt();
		l.strideX = in.readInt();
		l.padY = in.readInt();
		l.padX = in.readInt();
	}

	private static void readFc(DlibReader in, Layer l) throws IOException {
		String version = in.readString();
		if (!version.equals("fc_2") && !version.equals("fc_3")) {
			throw new IOException("unsupported fc_ version " + version);
		}
		l.outChannels = (int) in.readLong();
		l.inChannels = (int) in.readLong();
		DlibReader.Tensor params = in.readTensor();
		in.readAliasTensor();
		long[] biases = in.readAliasTensor();
		int biasMode = in.readInt();
		for (int i = 0; i < 4; i++) {
			in.readDouble();
		}
		boolean useBias = !version.equals("fc_3") || in.readBool();
		int w = l.inChannels * l.outChannels;
		l.weights = slice(params.values, 0, w);
		if (biasMode == 0 && useBias && biases[0] * biases[1] * biases[2] * biases[3] == l.outChannels) {
			l.bias = slice(params.values, w, l.outChannels);
		}
	}

	private void resolveChannels() throws IOException {
		int channels = 3;
		Map<Integer, Integer> tags = new HashMap<>();
		for (Layer l : layers) {
			switch (l.kind) {
				case CON:
					if (l.inChannels != channels) {
						throw new IOException("con_ expects " + l.inChannels + " channels, gets " + channels);
					}
					channels = l.outChannels;
					break;
				case TAG:
					tags.put(l.tag, channels);
					break;
				case SKIP:
					channels = tags.get(l.tag);
					break;
				case ADD_PREV:
					channels = Math.max(channels, tags.get(l.tag));
					break;
				default:
					break;
			}
		}
	}

	// ------------------------------------------------------------------ ONNX

	/**
	 * Builds the ONNX graph. With a fixed input size the shapes are tracked so add_prev
	 * can zero-pad the smaller operand at the end of each axis, exactly as dlib's tt::add
	 * does; batch-norm/affine layers are folded into the preceding convolution.
	 */
	byte[] toOnnx(String graphName, boolean fixedInput, Map<String, String> metadata) {
		OnnxModelWriter w = new OnnxModelWriter(graphName);
		metadata.forEach(w::metadata);
		if (fixedInput) {
			w.input("input", "batch", 3L, (long) inputRows, (long) inputCols);
		}
		else {
			w.input("input", 1L, 3L, "height", "width");
		}
		String current = "input";
		int[] shape = { 3, inputRows, inputCols };
		Map<Integer, String> tagNames = new HashMap<>();
		Map<Integer, int[]> tagShapes = new HashMap<>();
		int id = 0;
		for (int i = 0; i < layers.size(); i++) {
			Layer l = layers.get(i);
			String out = "t" + (id++);
			switch (l.kind) {
				case CON: {
					float[] weights = l.weights.clone();
					float[] bias = l.bias != null ? l.bias.clone() : new float[l.outChannels];
					boolean folded = i + 1 < layers.size() && layers.get(i + 1).kind == Kind.AFFINE;
					if (folded) {
						Layer a = layers.get(i + 1);
						int per = l.inChannels * l.kernelH * l.kernelW;
						for (int o = 0; o < l.outChannels; o++) {
							for (int j = 0; j < per; j++) {
								weights[o * per + j] *= a.gamma[o];
							}
							bias[o] = bias[o] * a.gamma[o] + a.beta[o];
						}
						i++;
					}
					w.floatInitializer(out + "_w", new long[] { l.outChannels, l.inChannels, l.kernelH, l.kernelW },
							weights);
					w.floatInitializer(out + "_b", new long[] { l.outChannels }, bias);
					w.node("Conv", new String[] { current, out + "_w", out + "_b" }, new String[] { out },
							"kernel_shape", new long[] { l.kernelH, l.kernelW }, "strides",
							new long[] { l.strideY, l.strideX }, "pads", new long[] { l.padY, l.padX, l.padY, l.padX });
					shape = new int[] { l.outChannels, convOut(shape[1], l.kernelH, l.strideY, l.padY),
							convOut(shape[2], l.kernelW, l.strideX, l.padX) };
					break;
				}
				case AFFINE: {
					int c = l.gamma.length;
					w.floatInitializer(out + "_g", new long[] { c, 1, 1 }, l.gamma);
					w.floatInitializer(out + "_b", new long[] { c, 1, 1 }, l.beta);
					w.node("Mul", new String[] { current, out + "_g" }, new String[] { out + "_m" });
					w.node("Add", new String[] { out + "_m", out + "_b" }, new String[] { out });
					break;
				}
				case RELU:
					w.node("Relu", new String[] { current }, new String[] { out });
					break;
				case MAX_POOL:
				case AVG_POOL:
					if (l.kernelH == 0 && l.kernelW == 0) {
						// avg_pool_everything
						w.node("GlobalAveragePool", new String[] { current }, new String[] { out });
						shape = new int[] { shape[0], 1, 1 };
					}
					else {
						w.node(l.kind == Kind.MAX_POOL ? "MaxPool" : "AveragePool", new String[] { current },
								new String[] { out }, "kernel_shape", new long[] { l.kernelH, l.kernelW }, "strides",
								new long[] { l.strideY, l.strideX }, "pads",
								new long[] { l.padY, l.padX, l.padY, l.padX });
						shape = new int[] { shape[0], convOut(shape[1], l.kernelH, l.strideY, l.padY),
								convOut(shape[2], l.kernelW, l.strideX, l.padX) };
					}
					break;
				case TAG:
					tagNames.put(l.tag, current);
					tagShapes.put(l.tag, shape);
					continue;
				case SKIP:
					current = tagNames.get(l.tag);
					shape = tagShapes.get(l.tag);
					continue;
				case ADD_PREV: {
					if (!fixedInput) {
						throw new IllegalStateException("add_prev needs a fixed input size");
					}
					String other = tagNames.get(l.tag);
					int[] otherShape = tagShapes.get(l.tag);
					int[] target = { Math.max(shape[0], otherShape[0]), Math.max(shape[1], otherShape[1]),
							Math.max(shape[2], otherShape[2]) };
					String a = padTo(w, current, shape, target, out + "_pa");
					String b = padTo(w, other, otherShape, target, out + "_pb");
					w.node("Add", new String[] { a, b }, new String[] { out });
					shape = target;
					break;
				}
				case FC: {
					w.node("Flatten", new String[] { current }, new String[] { out + "_flat" }, "axis", 1L);
					w.floatInitializer(out + "_w", new long[] { l.inChannels, l.outChannels }, l.weights);
					String mm = l.bias != null ? out + "_mm" : out;
					w.node("MatMul", new String[] { out + "_flat", out + "_w" }, new String[] { mm });
					if (l.bias != null) {
						w.floatInitializer(out + "_b", new long[] { l.outChannels }, l.bias);
						w.node("Add", new String[] { mm, out + "_b" }, new String[] { out });
					}
					shape = new int[] { l.outChannels, 1, 1 };
					break;
				}
				default:
					throw new IllegalStateException("unexpected " + l.kind);
			}
			current = out;
		}
		w.node("Identity", new String[] { current }, new String[] { "output" });
		Layer last = layers.get(layers.size() - 1);
		if (last.kind == Kind.FC) {
			w.output("output", "batch", (long) last.outChannels);
		}
		else {
			w.output("output", 1L, (long) last.outChannels, "out_height", "out_width");
		}
		return w.toByteArray();
	}

	private static String padTo(OnnxModelWriter w, String name, int[] shape, int[] target, String out) {
		if (shape[0] == target[0] && shape[1] == target[1] && shape[2] == target[2]) {
			return name;
		}
		w.int64Initializer(out + "_pads",
				new long[] { 0, 0, 0, 0, 0, target[0] - shape[0], target[1] - shape[1], target[2] - shape[2] });
		w.node("Pad", new String[] { name, out + "_pads" }, new String[] { out }, "mode", "constant");
		return out;
	}

	private static int convOut(int in, int k, int stride, int pad) {
		return in <= 0 ? in : 1 + (in + 2 * pad - k) / stride;
	}

	/**
	 * The convolution chain's mapping from an output cell to the input pixel at the
	 * centre of its window.
	 */
	double[] outputToInputMapping() {
		double scale = 1;
		double offset = 0;
		for (int i = layers.size() - 1; i >= 0; i--) {
			Layer l = layers.get(i);
			if (l.kind == Kind.CON || l.kind == Kind.MAX_POOL || l.kind == Kind.AVG_POOL) {
				// dlib con_::map_output_to_input: p * stride - padding + kernel / 2
				// (integer kernel/2).
				offset = offset * l.strideX - l.padX + (l.kernelW / 2);
				scale *= l.strideX;
			}
		}
		return new double[] { scale, offset };
	}

	private static float[] slice(float[] src, int from, int len) {
		float[] out = new float[len];
		System.arraycopy(src, from, out, 0, len);
		return out;
	}

	private static float[] filled(int n, float v) {
		float[] out = new float[n];
		Arrays.fill(out, v);
		return out;
	}

}
