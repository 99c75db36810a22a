package br.suite.timeclock.face;

/**
 * A detected face in the (EXIF-upright) image's pixels: the box clipped to the image,
 * plus the detector's unclipped box side in pixels, which is what the minimum face size
 * is checked against.
 *
 * @param x left column of the clipped box
 * @param y top row of the clipped box
 * @param width width of the clipped box
 * @param height height of the clipped box
 * @param sizePx side of the detector's box before clipping (the shorter side if not
 * square)
 * @param confidence detector score, positive; larger is more certain
 */
public record Face(int x, int y, int width, int height, int sizePx, double confidence) {
}
