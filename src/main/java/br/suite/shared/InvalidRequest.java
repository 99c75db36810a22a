package br.suite.shared;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * 400 with an {@code errors} object from field name (dotted path when nested) to its
 * messages. Collect every problem of a request with {@link #builder()} so the client sees
 * all of them at once.
 */
public class InvalidRequest extends ApiProblem {

	private final Map<String, List<String>> errors;

	public InvalidRequest(Map<String, List<String>> errors) {
		super(HttpStatus.BAD_REQUEST, describe(errors));
		this.errors = errors;
	}

	public static InvalidRequest of(String field, String message) {
		return builder().add(field, message).build();
	}

	public static Builder builder() {
		return new Builder();
	}

	public Map<String, List<String>> errors() {
		return this.errors;
	}

	@Override
	public ProblemDetail toProblemDetail() {
		ProblemDetail problem = super.toProblemDetail();
		problem.setTitle("Invalid request");
		problem.setProperty("errors", this.errors);
		return problem;
	}

	private static String describe(Map<String, List<String>> errors) {
		if (errors.size() == 1) {
			Map.Entry<String, List<String>> only = errors.entrySet().iterator().next();
			return "Invalid value for '" + only.getKey() + "': " + String.join("; ", only.getValue());
		}
		return "Invalid values for " + String.join(", ", errors.keySet().stream().map(f -> "'" + f + "'").toList())
				+ ".";
	}

	/** Collects field errors; {@link #throwIfAny()} ends validation. */
	public static final class Builder {

		private final Map<String, List<String>> errors = new LinkedHashMap<>();

		public Builder add(String field, String message) {
			this.errors.computeIfAbsent(field, f -> new ArrayList<>()).add(message);
			return this;
		}

		public boolean has(String field) {
			return this.errors.containsKey(field);
		}

		public boolean isEmpty() {
			return this.errors.isEmpty();
		}

		public InvalidRequest build() {
			return new InvalidRequest(Map.copyOf(this.errors).isEmpty() ? Map.of() : new LinkedHashMap<>(this.errors));
		}

		public void throwIfAny() {
			if (!this.errors.isEmpty()) {
				throw build();
			}
		}

	}

}
