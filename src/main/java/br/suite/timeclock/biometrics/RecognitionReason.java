package br.suite.timeclock.biometrics;

/**
 * Why a punch's face check came out as it did; anything but {@code match} flags it for
 * review.
 */
public enum RecognitionReason {

	/** One face, within the threshold of the enrolled photo. */
	MATCH,
	/** One face, farther than the threshold from the enrolled photo. */
	MISMATCH,
	/** The employee has no enrolled photo to compare with. */
	NO_ENROLLED_PHOTO,
	/** No face in the snapshot. */
	NO_FACE,
	/** More than one face in the snapshot. */
	MULTIPLE_FACES,
	/** A face smaller than the minimum size. */
	FACE_TOO_SMALL,
	/**
	 * The image could not be decoded (e.g. a CMYK JPEG or an unsupported format inside a
	 * valid header).
	 */
	UNREADABLE_IMAGE,
	/**
	 * Wider or taller than 8192 px or above 16 megapixels: refused from its header, never
	 * decoded.
	 */
	IMAGE_TOO_LARGE,
	/**
	 * The punch came without a snapshot (a collector without a camera, or one that
	 * failed): recorded, for review.
	 */
	NO_SNAPSHOT,
	/**
	 * Every face analysis slot stayed taken for 5 s: the punch is recorded unchecked, for
	 * review.
	 */
	ENGINE_BUSY

}
