package br.suite.processdocs;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * The list of process documents with the API's filters (status, area, category, owner,
 * tag, text, review due within days, overdue): one query straight into the responses.
 */
@Component
class ProcessDocumentSearch {

	static final int MAX_REVIEW_DUE_WITHIN = 3650;

	private final JdbcClient jdbc;

	ProcessDocumentSearch(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	record Filter(@Nullable String status, @Nullable String processArea, @Nullable String category,
			@Nullable String owner, @Nullable String tag, @Nullable String q, @Nullable Integer reviewDueWithin,
			@Nullable Boolean overdue) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<ProcessDocumentResponse> list(Filter filter, Paging paging) {
		checkFilterText(filter);
		ListQuery query = ListQuery.of(this.jdbc, LIST_COLUMNS, "processdocs_document")
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(DocumentStatus.class, "status", filter.status())))
			.where("lower(process_area) = lower(:process_area)", "process_area", stripped(filter.processArea()))
			.where("lower(category) = lower(:category)", "category", stripped(filter.category()))
			.where("lower(owner) = lower(:owner)", "owner", stripped(filter.owner()))
			.where("processdocs_lower_tags(tags) @> ARRAY[lower(CAST(:tag AS text))]", "tag", stripped(filter.tag()))
			.orderBy("code_number");
		if (filter.q() != null && !filter.q().isBlank()) {
			query.where("(code ILIKE :q OR title ILIKE :q OR description ILIKE :q)")
				.param("q", ListQuery.containing(filter.q().strip()));
		}
		LocalDate today = ProcessDocument.today();
		if (filter.reviewDueWithin() != null) {
			int days = filter.reviewDueWithin();
			if (days < 0 || days > MAX_REVIEW_DUE_WITHIN) {
				throw InvalidRequest.of("review_due_within",
						"must be a number of days between 0 and " + MAX_REVIEW_DUE_WITHIN);
			}
			// Obsolete documents are no longer reviewed; overdue ones are due too, so
			// they stay in.
			query.where("status <> 'obsolete' AND next_review_at <= :dueBy", "dueBy", today.plusDays(days));
		}
		if (filter.overdue() != null) {
			String overdue = "(status <> 'obsolete' AND next_review_at < :today)";
			query.where(filter.overdue() ? overdue : "NOT coalesce(" + overdue + ", false)", "today", today);
		}
		ListQuery.Page<ProcessDocumentResponse> page = query.page(paging, ProcessDocumentSearch::listed);
		return page;
	}

	private static final String LIST_COLUMNS = "id, code, title, process_area, category, owner, status, version, "
			+ "review_cycle_days, last_review_at, next_review_at, tags, description, file_sha256, file_name, file_type, "
			+ "file_size, approved_by, approved_by_id, approved_at, created_at, updated_at";

	private static ProcessDocumentResponse listed(ResultSet rs, int n) throws SQLException {
		long id = rs.getLong("id");
		String sha256 = rs.getString("file_sha256");
		return new ProcessDocumentResponse(id, rs.getString("code"), rs.getString("title"),
				rs.getString("process_area"), rs.getString("category"), rs.getString("owner"), rs.getString("status"),
				rs.getString("version"), rs.getInt("review_cycle_days"),
				rs.getObject("last_review_at", LocalDate.class), rs.getObject("next_review_at", LocalDate.class),
				List.of((String[]) rs.getArray("tags").getArray()), rs.getString("description"), sha256,
				sha256 == null ? null : ProcessDocumentResponse.fileUrl(id), rs.getString("file_name"),
				rs.getString("file_type"), rs.getObject("file_size", Long.class), rs.getString("approved_by"),
				rs.getObject("approved_by_id", Long.class), rs.getObject("approved_at", LocalDate.class),
				rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant());
	}

	private static @Nullable String stripped(@Nullable String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

	/**
	 * PostgreSQL cannot hold a NUL character even in a parameter; say so instead of
	 * failing.
	 */
	private static void checkFilterText(Filter filter) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Map<String, @Nullable String> texts = new LinkedHashMap<>();
		texts.put("process_area", filter.processArea());
		texts.put("category", filter.category());
		texts.put("owner", filter.owner());
		texts.put("tag", filter.tag());
		texts.put("q", filter.q());
		texts.forEach((name, value) -> {
			if (value != null && !value.matches(ProcessDocumentRequest.ONE_LINE)) {
				errors.add(name, "must not contain control characters");
			}
		});
		errors.throwIfAny();
	}

}
