package br.suite.processdocs;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.lists.Paging;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The record of every change to a document. Changes are taken from the document as
 * clients see it, so the history names fields and values exactly as the API does,
 * computed ones included.
 */
@Component
class DocumentHistory {

	/**
	 * Fields that change with every write or follow from others; recording them would
	 * only add noise.
	 */
	private static final Set<String> UNTRACKED = Set.of("id", "created_at", "updated_at", "file_url");

	private static final TypeReference<Map<String, ProcessDocumentFieldChange>> CHANGES = new TypeReference<>() {
	};

	enum Action {

		CREATED, UPDATED, FILE_ATTACHED, FILE_REMOVED

	}

	private final JdbcClient jdbc;

	private final JsonMapper json;

	DocumentHistory(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	ObjectNode snapshot(ProcessDocument document) {
		return this.json.valueToTree(ProcessDocumentResponse.from(document));
	}

	/**
	 * {@code {field: {from, to}}} for every tracked field that differs; {@code before}
	 * null is a creation.
	 */
	ObjectNode diff(@Nullable ObjectNode before, ObjectNode after) {
		ObjectNode changes = this.json.createObjectNode();
		for (Map.Entry<String, JsonNode> field : after.properties()) {
			String name = field.getKey();
			JsonNode previous = before == null ? this.json.nullNode() : before.get(name);
			if (UNTRACKED.contains(name) || field.getValue().equals(previous)) {
				continue;
			}
			ObjectNode change = changes.putObject(name);
			change.set("from", previous);
			change.set("to", field.getValue());
		}
		return changes;
	}

	void record(long documentId, Action action, ObjectNode changes, CurrentUser by) {
		this.jdbc.sql(
				"INSERT INTO processdocs_history (document_id, action, changed_at, changed_by_id, changed_by, changes) "
						+ "VALUES (:documentId, :action, :changedAt, :changedById, :changedBy, CAST(:changes AS json))")
			.param("documentId", documentId)
			.param("action", ClosedSet.wire(action))
			.param("changedAt", Timestamp.from(Instant.now().truncatedTo(ChronoUnit.MICROS)))
			.param("changedById", by.id())
			.param("changedBy", by.username())
			.param("changes", this.json.writeValueAsString(changes))
			.update();
	}

	/**
	 * Who made the document's last content change: its creation, a file attached or
	 * removed, or an update of a controlled field
	 * ({@link ProcessDocumentService#CONTROLLED_FIELDS}).
	 */
	Optional<Long> lastContentEditor(long documentId) {
		String fields = ProcessDocumentService.CONTROLLED_FIELDS.stream()
			.sorted()
			.map(field -> "'" + field + "'")
			.collect(Collectors.joining(", ", "ARRAY[", "]"));
		return this.jdbc
			.sql("SELECT changed_by_id FROM processdocs_history WHERE document_id = :documentId "
					+ "AND (action <> 'updated' OR jsonb_exists_any(CAST(changes AS jsonb), " + fields + ")) "
					+ "ORDER BY id DESC LIMIT 1")
			.param("documentId", documentId)
			.query(Long.class)
			.optional();
	}

	List<ProcessDocumentHistoryEntry> list(long documentId, Paging paging) {
		return this.jdbc
			.sql("SELECT id, action, changed_at, changed_by_id, changed_by, changes::text AS changes "
					+ "FROM processdocs_history WHERE document_id = :documentId ORDER BY id" + paging.sql())
			.param("documentId", documentId)
			.query((rs, n) -> new ProcessDocumentHistoryEntry(rs.getLong("id"), rs.getString("action"),
					rs.getTimestamp("changed_at").toInstant(), rs.getLong("changed_by_id"), rs.getString("changed_by"),
					this.json.readValue(rs.getString("changes"), CHANGES)))
			.list();
	}

	long count(long documentId) {
		return this.jdbc.sql("SELECT count(*) FROM processdocs_history WHERE document_id = :documentId")
			.param("documentId", documentId)
			.query(Long.class)
			.single();
	}

}
