package br.suite.timeclock.face;

/**
 * Why an image yielded no descriptor; {@link #code()} is the machine-readable value for
 * API responses.
 */
public enum Reason {

	/**
	 * The bytes are empty, not an image ImageIO can decode (e.g. WebP, CMYK JPEG), or
	 * corrupt.
	 */
	UNREADABLE_IMAGE("unreadable_image"),
	/**
	 * Wider or taller than 8192 px, or above 16 megapixels: refused from its header,
	 * never decoded.
	 */
	IMAGE_TOO_LARGE("image_too_large"),
	/** No face was detected. */
	NO_FACE("no_face"),
	/** Faces were detected, but none reaches the configured minimum size. */
	FACE_TOO_SMALL("face_too_small"),
	/**
	 * More than one face reaches the minimum size, so it is unclear whose descriptor to
	 * use.
	 */
	MULTIPLE_FACES("multiple_faces");

	private final String code;

	Reason(String code) {
		this.code = code;
	}

	public String code() {
		return code;
	}

}
