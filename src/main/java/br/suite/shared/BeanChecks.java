package br.suite.shared;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

/**
 * Bean Validation for callers that build a module's request record themselves (the web
 * pages) instead of having it read and checked by a controller: the same constraints,
 * reported as {@link InvalidRequest} with the wire's snake_case field names.
 */
public final class BeanChecks {

	private BeanChecks() {
	}

	public static void check(Validator validator, Object request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		for (ConstraintViolation<Object> violation : validator.validate(request)) {
			errors.add(Names.snake(violation.getPropertyPath().toString()), violation.getMessage());
		}
		errors.throwIfAny();
	}

}
