package br.suite.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ProblemDetail;
import org.springframework.ui.Model;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * A module's refusal as a form shows it: the problem's {@code errors} map next to its
 * fields, a conflict that names a {@code field} next to that field, and anything else
 * above the form.
 */
public final class FormErrors {

	private FormErrors() {
	}

	public static void show(Model model, ApiProblem problem) {
		Shown shown = Shown.of(problem);
		model.addAttribute("errors", shown.errors());
		model.addAttribute("problem", shown.general());
	}

	/**
	 * The same for the page a refused form redirects to (flash attributes, kept in the
	 * session until that page is read).
	 */
	public static void show(RedirectAttributes redirect, ApiProblem problem) {
		Shown shown = Shown.of(problem);
		redirect.addFlashAttribute("errors", shown.errors());
		if (shown.general() != null) {
			redirect.addFlashAttribute("problem", shown.general());
		}
	}

	public static void field(Model model, String field, String message) {
		model.addAttribute("errors", Map.of(field, List.of(message)));
	}

	private record Shown(LinkedHashMap<String, List<String>> errors, @Nullable String general) {

		static Shown of(ApiProblem problem) {
			LinkedHashMap<String, List<String>> errors = new LinkedHashMap<>();
			if (problem instanceof InvalidRequest invalid) {
				invalid.errors().forEach((field, messages) -> errors.put(field, new ArrayList<>(messages)));
				return new Shown(errors, null);
			}
			ProblemDetail detail = problem.toProblemDetail();
			Object field = detail.getProperties() == null ? null : detail.getProperties().get("field");
			if (field instanceof String name) {
				errors.put(name, new ArrayList<>(List.of(problem.getMessage())));
				return new Shown(errors, null);
			}
			return new Shown(errors, problem.getMessage());
		}

	}

}
