package br.suite.shared;

/**
 * Stale-write protection for clients that want it: a record's {@code ETag} is its
 * version; a write that sends {@code If-Match} with an older one is refused with 412
 * ({@link ExpectedVersion#ifMatch} reads the header, the service checks it).
 */
public final class Versions {

	private Versions() {
	}

	public static String etag(long version) {
		return "\"" + version + "\"";
	}

}
