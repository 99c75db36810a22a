package br.suite.timeclock.face;

/**
 * An image's stored width and height, as its header gives them (before EXIF orientation).
 */
public record ImageSize(int width, int height) {

	/**
	 * Whether the engine refuses it unread: wider or taller than 8192 px, or above 16
	 * megapixels.
	 */
	public boolean tooLarge() {
		return width > ImageDecoder.MAX_SIDE || height > ImageDecoder.MAX_SIDE
				|| (long) width * height > ImageDecoder.MAX_PIXELS;
	}
}
