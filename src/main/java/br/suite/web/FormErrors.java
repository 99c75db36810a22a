package br.suite.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.http.ProblemDetail;
import org.springframework.ui.Model;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * A module's refusal as a form shows it: the problem's {@code errors} map next to its
 * fields, a conflict that names a {@code field} next to that field, and anything else
 * above the form.
 */
final class FormErrors {

	private FormErrors() {
	}

	static void show(Model model, ApiProblem problem) {
		Map<String, List<String>> errors = new LinkedHashMap<>();
		String general = null;
		if (problem instanceof InvalidRequest invalid) {
			errors.putAll(invalid.errors());
		}
		else {
			ProblemDetail detail = problem.toProblemDetail();
			Object field = detail.getProperties() == null ? null : detail.getProperties().get("field");
			if (field instanceof String name) {
				errors.put(name, List.of(problem.getMessage()));
			}
			else {
				general = problem.getMessage();
			}
		}
		model.addAttribute("errors", errors);
		model.addAttribute("problem", general);
	}

	static void field(Model model, String field, String message) {
		model.addAttribute("errors", Map.of(field, List.of(message)));
	}

}
