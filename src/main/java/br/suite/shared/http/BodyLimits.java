package br.suite.shared.http;

import java.util.Map;

/**
 * The request body limits a module needs beyond the 1 MiB of a JSON body, by path suffix
 * (with or without the final slash): each module declares its own as a bean, so the
 * shared filter names no module's route. The longest matching suffix wins. {@code sameAs}
 * gives a path the limit another module declared for another path (a page that feeds an
 * API operation: the kiosk's punch, the web import), so the two cannot drift apart; a
 * {@code sameAs} naming an undeclared suffix stops the start.
 */
public record BodyLimits(Map<String, Long> bySuffix, Map<String, String> sameAs) {

	/** A JSON body anywhere else. */
	public static final long JSON = 1024 * 1024;

	/** One uploaded file: a punch snapshot, a photo, a document, a CSV statement. */
	public static final long UPLOAD = 8 * 1024 * 1024;

	/** A CSV import confirmation: every row of the statement as JSON. */
	public static final long IMPORT = 64 * 1024 * 1024;

	/**
	 * An upload sent as base64 inside JSON: 4/3 of the bytes plus room for the other
	 * fields.
	 */
	public static final long UPLOAD_AS_BASE64_JSON = UPLOAD * 4 / 3 + 1024 * 1024;

	/** An upload sent as a multipart form, with room for the other parts. */
	public static final long UPLOAD_AS_FORM = UPLOAD + 64 * 1024;

	public BodyLimits {
		bySuffix = Map.copyOf(bySuffix);
		sameAs = Map.copyOf(sameAs);
	}

	public BodyLimits(Map<String, Long> bySuffix) {
		this(bySuffix, Map.of());
	}

	/**
	 * Path suffix → the suffix whose limit it takes (declared by another module's
	 * {@code BodyLimits}).
	 */
	public static BodyLimits sameAs(Map<String, String> sameAs) {
		return new BodyLimits(Map.of(), sameAs);
	}

}
