package br.suite.timeclock.biometrics;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** A read of biometric data. */
public record AccessEntry(long id, long actorId, long subjectUserId, String kind, @Nullable Long punchId, Instant at) {
}
