package br.suite.timeclock.face;

/**
 * What the build-time converter ({@code tools/face-models}) and the engine agree on: the
 * model files' names, the face chip's size, and the ONNX metadata in which the converter
 * hands the networks' parameters to the engine. Public for the converter only, which is
 * compiled apart from the service; the service's other packages never use it.
 */
public final class ModelFormat {

	public static final String RESNET_DAT = "dlib_face_recognition_resnet_model_v1.dat";

	public static final String RESNET_ONNX = "dlib_face_recognition_resnet_model_v1.onnx";

	public static final String DETECTOR_DAT = "mmod_human_face_detector.dat";

	public static final String DETECTOR_ONNX = "mmod_human_face_detector.onnx";

	public static final String LANDMARKS_DAT = "shape_predictor_5_face_landmarks.dat";

	public static final String MODELS_LICENSE = "LICENSE-face-models.txt";

	public static final String MODELS_README = "README-face-models.md";

	/** The side of the aligned face chip the ResNet encodes, in pixels. */
	public static final int CHIP_SIZE = 150;

	/** A network's mean colour, subtracted from its input (both networks). */
	public static final String META_AVG_RED = "dlib.avg_red";

	public static final String META_AVG_GREEN = "dlib.avg_green";

	public static final String META_AVG_BLUE = "dlib.avg_blue";

	/** The detector's sliding window, non-maximum suppression and image pyramid. */
	public static final String META_WINDOW_WIDTH = "dlib.mmod.window_width";

	public static final String META_WINDOW_HEIGHT = "dlib.mmod.window_height";

	public static final String META_NMS_IOU = "dlib.mmod.nms_iou";

	public static final String META_NMS_COVERED = "dlib.mmod.nms_covered";

	public static final String META_PYRAMID_PADDING = "dlib.pyramid.padding";

	public static final String META_PYRAMID_OUTER_PADDING = "dlib.pyramid.outer_padding";

	/** The detector's mapping of an output cell to input pixels: scale and offset. */
	public static final String META_MAP_SCALE = "dlib.output_to_input.scale";

	public static final String META_MAP_OFFSET = "dlib.output_to_input.offset";

	private ModelFormat() {
	}

}
