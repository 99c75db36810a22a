package br.suite.timeclock;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** A read of biometric data. */
record AccessEntry(long id, long actorId, long subjectUserId, String kind, @Nullable Long punchId, Instant at) {
}
