package br.suite.shared.json;

import java.util.Map;
import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Names;

/**
 * PATCH changes only the fields present: the record's current writable state, as its
 * request record, is overlaid with the fields the client sent and then read and validated
 * exactly like a PUT body, so PATCH and PUT share one set of rules and one error format.
 */
@Component
public class PartialUpdates {

	private final JsonMapper json;

	private final Validator validator;

	PartialUpdates(JsonMapper json, Validator validator) {
		this.json = json;
		this.validator = validator;
	}

	public <R> R merge(R current, ObjectNode patch, Class<R> type) {
		ObjectNode merged = this.json.valueToTree(current);
		for (Map.Entry<String, JsonNode> field : patch.properties()) {
			if (merged.has(field.getKey())) {
				merged.set(field.getKey(), field.getValue());
			}
		}
		R request;
		try {
			request = this.json.treeToValue(merged, type);
		}
		catch (JacksonException ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof ApiProblem problem) {
					throw problem;
				}
			}
			throw InvalidRequest.of(JsonErrors.path(ex), JsonErrors.describe(ex));
		}
		validate(request);
		return request;
	}

	public <R> void validate(R request) {
		Set<ConstraintViolation<R>> violations = this.validator.validate(request);
		if (!violations.isEmpty()) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			violations.forEach(v -> errors.add(Names.snake(v.getPropertyPath().toString()), v.getMessage()));
			errors.throwIfAny();
		}
	}

}
