package br.suite.audit;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

/** One audit event as the API shows it; the hashes are null until it is sealed. */
record AuditEventResponse(long id, Instant at, @Nullable Long actorId, String actorName, @Nullable Long tokenId,
		@Nullable String clientAddress, @Nullable String requestId, String action, String resourceType,
		@Nullable String resourceId, JsonNode changes, @Nullable String previousHash, @Nullable String hash) {
}
