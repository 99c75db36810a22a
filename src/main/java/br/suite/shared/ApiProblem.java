package br.suite.shared;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * A failure that the client caused and can act on. Modules subclass it with exceptions
 * named for what happened ({@code RoleNotFound});
 * {@link br.suite.shared.http.WireErrorHandler} writes it as problem details.
 */
public class ApiProblem extends RuntimeException {

	private final HttpStatus status;

	private final Map<String, Object> properties = new LinkedHashMap<>();

	public ApiProblem(HttpStatus status, String detail) {
		super(detail);
		this.status = status;
	}

	public ApiProblem with(String property, @Nullable Object value) {
		this.properties.put(property, value);
		return this;
	}

	public HttpStatus status() {
		return this.status;
	}

	public ProblemDetail toProblemDetail() {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(this.status, getMessage());
		this.properties.forEach(problem::setProperty);
		return problem;
	}

	/** 404: the addressed record does not exist. */
	public static class NotFound extends ApiProblem {

		public NotFound(String what, long id) {
			super(HttpStatus.NOT_FOUND, what + " " + id + " does not exist.");
		}

	}

	/**
	 * 409: the request conflicts with the current state (uniqueness, lifecycle, last
	 * administrator).
	 */
	public static class Conflict extends ApiProblem {

		public Conflict(String detail) {
			super(HttpStatus.CONFLICT, detail);
		}

	}

	/** 403: the caller is authenticated but may not do this. */
	public static class Forbidden extends ApiProblem {

		public Forbidden(String detail) {
			super(HttpStatus.FORBIDDEN, detail);
		}

	}

}
