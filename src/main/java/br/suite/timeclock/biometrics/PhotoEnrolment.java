package br.suite.timeclock.biometrics;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

record PhotoEnrolment(long userId, String photoUrl, String photoType, String photoSha256, FaceBox face, long enrolledBy,
		Instant enrolledAt, @Nullable String legalBasis, @Nullable Instant consentAt, @Nullable String noticeVersion) {
}
