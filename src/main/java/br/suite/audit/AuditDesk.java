package br.suite.audit;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.InvalidRequest;
import br.suite.shared.Paging;
import tools.jackson.databind.JsonNode;

/**
 * The audit log for callers inside the application (the web pages): the same filters and
 * order as {@code GET /api/audit/events/}, with each event's changes as rows of field,
 * before and after.
 */
@Service
public class AuditDesk {

	private final AuditEvents events;

	AuditDesk(AuditEvents events) {
		this.events = events;
	}

	/**
	 * One changed field; values as JSON text ({@code null} when absent, strings without
	 * quotes).
	 */
	public record Change(String field, @Nullable String before, @Nullable String after) {
	}

	public record Entry(long id, Instant at, @Nullable Long actorId, String actorName, @Nullable String clientAddress,
			@Nullable String requestId, String action, String resourceType, @Nullable String resourceId,
			List<Change> changes) {
	}

	public record EntryPage(List<Entry> entries, long total) {
	}

	/** Newest first; dates are days in America/Sao_Paulo, both inclusive. */
	public EntryPage list(@Nullable Long actorId, @Nullable String action, @Nullable String resourceType,
			@Nullable String resourceId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, int limit,
			int offset) {
		if (dateFrom != null && dateTo != null && dateTo.isBefore(dateFrom)) {
			throw InvalidRequest.of("date_to", "must not be before date_from");
		}
		AuditEvents.Listing listing = this.events.list(
				new AuditEvents.Filter(actorId, action, resourceType, resourceId, dateFrom, dateTo),
				new Paging(limit, offset));
		return new EntryPage(listing.events().stream().map(AuditDesk::entry).toList(), listing.total());
	}

	private static Entry entry(AuditEventResponse e) {
		List<Change> changes = new ArrayList<>();
		if (e.changes().isObject()) {
			for (Map.Entry<String, JsonNode> field : e.changes().properties()) {
				JsonNode value = field.getValue();
				if (value.isObject() && (value.has("before") || value.has("after"))) {
					changes.add(new Change(field.getKey(), text(value.get("before")), text(value.get("after"))));
				}
				else {
					changes.add(new Change(field.getKey(), null, text(value)));
				}
			}
		}
		return new Entry(e.id(), e.at(), e.actorId(), e.actorName(), e.clientAddress(), e.requestId(), e.action(),
				e.resourceType(), e.resourceId(), changes);
	}

	private static @Nullable String text(@Nullable JsonNode value) {
		if (value == null || value.isNull() || value.isMissingNode()) {
			return null;
		}
		return value.isString() ? value.asString() : value.toString();
	}

}
