package br.suite.shared;

/**
 * Ids in paths are positive 64-bit integers. Anything else ({@code abc}, {@code 0},
 * {@code -1}) does not match the route and is a 404; an overflowing number fails
 * conversion and is a 404 too.
 */
public final class PathIds {

	/** Use as {@code "/{id:" + PathIds.PATTERN + "}"} in request mappings. */
	public static final String PATTERN = "[1-9][0-9]{0,18}";

	public static final String ID = "/{id:" + PATTERN + "}";

	private PathIds() {
	}

}
