package br.suite.processdocs;

import java.time.Instant;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One change to a process document: who made it, when, and each changed field's old and
 * new value.
 */
record ProcessDocumentHistoryEntry(long id, @Schema(allowableValues = {
		"created", "updated", "file_attached", "file_removed" }) String action, Instant changedAt, long changedById,
		@Schema(description = "username of who made the change") String changedBy,
		@Schema(description = "changed fields by name, each with its value before and after, as on the wire") Map<String, ProcessDocumentFieldChange> changes){

}
