package br.suite.shared;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * Stale-write protection for clients that want it: a record's {@code ETag} is its
 * version; a write that sends {@code If-Match} with an older one is refused with 412.
 */
public final class Versions {

	private Versions() {
	}

	public static String etag(long version) {
		return "\"" + version + "\"";
	}

	public static void checkIfMatch(@Nullable String ifMatch, long currentVersion) {
		if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
			return;
		}
		String current = etag(currentVersion);
		for (String candidate : ifMatch.split(",")) {
			String tag = candidate.trim();
			if (tag.startsWith("W/")) {
				tag = tag.substring(2);
			}
			if (tag.equals(current)) {
				return;
			}
		}
		throw new ApiProblem(HttpStatus.PRECONDITION_FAILED,
				"The record changed since you read it (current ETag " + current + "). Read it again and retry.");
	}

}
