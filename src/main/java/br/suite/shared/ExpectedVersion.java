package br.suite.shared;

import java.util.LinkedHashSet;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * The version a write expects its record to be at, so a change made in between is refused
 * (412) instead of overwritten: what a service takes, whatever the caller said it with. A
 * controller reads it from {@code If-Match} ({@link #ifMatch}); a page from the version
 * its form was read at ({@link #of}); {@link #ANY} writes whatever the version.
 */
public record ExpectedVersion(Set<Long> anyOf) {

	/** No expectation (no {@code If-Match}, or {@code *}). */
	public static final ExpectedVersion ANY = new ExpectedVersion(Set.of());

	/** A tag that is no version of ours: matches nothing. */
	private static final long NONE = -1;

	public ExpectedVersion {
		anyOf = Set.copyOf(anyOf);
	}

	public static ExpectedVersion of(long version) {
		return new ExpectedVersion(Set.of(version));
	}

	/**
	 * The versions an {@code If-Match} header names ({@link Versions#etag}, weak tags
	 * too); absent, blank or {@code *}: {@link #ANY}.
	 */
	public static ExpectedVersion ifMatch(@Nullable String header) {
		if (header == null || header.isBlank() || header.trim().equals("*")) {
			return ANY;
		}
		Set<Long> versions = new LinkedHashSet<>();
		for (String candidate : header.split(",")) {
			String tag = candidate.trim();
			if (tag.startsWith("W/")) {
				tag = tag.substring(2);
			}
			versions.add(tag.matches("\"(0|[1-9][0-9]{0,17})\"") ? Long.parseLong(tag.substring(1, tag.length() - 1))
					: NONE);
		}
		return new ExpectedVersion(versions);
	}

	/** Refuses with 412 when the record is no longer at an expected version. */
	public void check(long currentVersion) {
		if (!this.anyOf.isEmpty() && !this.anyOf.contains(currentVersion)) {
			throw new ApiProblem(HttpStatus.PRECONDITION_FAILED, "The record changed since you read it (current ETag "
					+ Versions.etag(currentVersion) + "). Read it again and retry.");
		}
	}

}
