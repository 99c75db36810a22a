package br.suite.shared.lists;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;

import br.suite.shared.InvalidRequest;

/**
 * Optional {@code limit} / {@code offset} of a list endpoint. Lists stay bare arrays;
 * when either is given the response adds {@code X-Total-Count} with the number of
 * matching records.
 */
public record Paging(@Nullable Integer limit, @Nullable Integer offset) {

	public static final int MAX_LIMIT = 1000;

	public static final String TOTAL_COUNT = "X-Total-Count";

	public Paging {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
			errors.add("limit", "must be between 1 and " + MAX_LIMIT);
		}
		if (offset != null && offset < 0) {
			errors.add("offset", "must be zero or more");
		}
		errors.throwIfAny();
	}

	public boolean requested() {
		return this.limit != null || this.offset != null;
	}

	/** SQL to append after ORDER BY; the values are validated integers. */
	public String sql() {
		StringBuilder sql = new StringBuilder();
		if (this.limit != null) {
			sql.append(" LIMIT ").append(this.limit);
		}
		if (this.offset != null) {
			sql.append(" OFFSET ").append(this.offset);
		}
		return sql.toString();
	}

	public <T> ResponseEntity<List<T>> respond(List<T> page, long total) {
		ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
		if (requested()) {
			ok.header(TOTAL_COUNT, Long.toString(total));
		}
		return ok.body(page);
	}

}
