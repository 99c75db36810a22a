package br.suite.timeclock.face;

import java.util.List;

/**
 * What {@link FaceEngine#analyze(byte[])} found in one image. A descriptor is present
 * exactly when {@link #reason()} is null, i.e. when one face of at least the minimum size
 * was found.
 */
public final class Analysis {

	private final int imageWidth;

	private final int imageHeight;

	private final List<Face> faces;

	private final float[] descriptor;

	private final Reason reason;

	Analysis(int imageWidth, int imageHeight, List<Face> faces, float[] descriptor, Reason reason) {
		this.imageWidth = imageWidth;
		this.imageHeight = imageHeight;
		this.faces = List.copyOf(faces);
		this.descriptor = descriptor;
		this.reason = reason;
	}

	static Analysis failed(Reason reason) {
		return new Analysis(0, 0, List.of(), null, reason);
	}

	/** Width of the decoded image after EXIF orientation; 0 when unreadable. */
	public int imageWidth() {
		return imageWidth;
	}

	public int imageHeight() {
		return imageHeight;
	}

	/** Every detected face, small ones included, most confident first. */
	public List<Face> faces() {
		return faces;
	}

	public boolean hasDescriptor() {
		return descriptor != null;
	}

	/**
	 * A copy of the 128 floats, or null when {@link #reason()} says why there is none.
	 */
	public float[] descriptor() {
		return descriptor == null ? null : descriptor.clone();
	}

	/** Null when a descriptor was computed. */
	public Reason reason() {
		return reason;
	}

	@Override
	public String toString() {
		return "Analysis[" + imageWidth + "x" + imageHeight + ", faces=" + faces
				+ (reason == null ? ", descriptor" : ", reason=" + reason.code()) + "]";
	}

}
