package br.suite.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * How a form whose fields are not the API's shows a module's refusal, for
 * {@link FormErrors#submit(org.springframework.ui.Model, FormFields, java.util.function.Supplier, java.util.function.Function, java.util.function.Supplier)}:
 * <ul>
 * <li>each API field the form names (and the fields below it: {@code days.mon},
 * {@code items[2]}) at the form's field, with the form's own message of the catalogue
 * ({@code user_id} → {@code employee_id}, {@code assignments.error.employee});</li>
 * <li>a named problem the form names ({@code HolidayExists}) at a form field, or above
 * the form, with its message;</li>
 * <li>any other field the module refuses above the form, with the one message the form
 * gives for those;</li>
 * <li>what the page itself could not read from the typed text, refused with a catalogue
 * key as the message ({@code {holidays.error.date}}), at the field the page names, in
 * that key's words.</li>
 * </ul>
 * Any other problem is not the form's to show: it reaches the error page.
 */
public final class FormFields {

	private record Target(@Nullable String field, String key, Object[] arguments) {
	}

	private final String otherwise;

	private final Map<String, Target> fields = new LinkedHashMap<>();

	private final Map<Class<? extends ApiProblem>, Target> problems = new LinkedHashMap<>();

	private FormFields(String otherwise) {
		this.otherwise = otherwise;
	}

	/** A form whose unnamed refused fields are shown above it with {@code key}. */
	public static FormFields otherwise(String key) {
		return new FormFields(key);
	}

	/**
	 * The API's {@code apiField} shown at the form's {@code formField} with {@code key}.
	 */
	public FormFields field(String apiField, String formField, String key) {
		this.fields.put(apiField, new Target(formField, key, new Object[0]));
		return this;
	}

	/** A field the API and the form name alike, shown with {@code key}. */
	public FormFields field(String field, String key) {
		return field(field, field, key);
	}

	/**
	 * A named problem shown at the form's {@code formField} (above the form when null)
	 * with {@code key} and its arguments.
	 */
	public FormFields problem(Class<? extends ApiProblem> type, @Nullable String formField, String key,
			Object... arguments) {
		this.problems.put(type, new Target(formField, key, arguments));
		return this;
	}

	/** The refusal as this form shows it, or null when it is not the form's to show. */
	FormErrors.@Nullable Shown show(ApiProblem problem) {
		LinkedHashMap<String, List<String>> errors = new LinkedHashMap<>();
		Target named = this.problems.get(problem.getClass());
		if (named != null) {
			String text = FormErrors.message(named.key(), named.key(), named.arguments());
			if (named.field() == null) {
				return new FormErrors.Shown(errors, text);
			}
			add(errors, named.field(), text);
			return new FormErrors.Shown(errors, null);
		}
		if (!(problem instanceof InvalidRequest invalid)) {
			return null;
		}
		String general = null;
		for (Map.Entry<String, List<String>> refused : invalid.errors().entrySet()) {
			Target target = target(refused.getKey());
			for (String message : refused.getValue()) {
				if (FormErrors.isKey(message)) {
					add(errors, refused.getKey(), FormErrors.text(message));
				}
				else if (target == null || target.field() == null) {
					general = FormErrors.message(this.otherwise, this.otherwise);
				}
				else {
					add(errors, target.field(), FormErrors.message(target.key(), target.key()));
				}
			}
		}
		return new FormErrors.Shown(errors, general);
	}

	private @Nullable Target target(String apiField) {
		for (Map.Entry<String, Target> entry : this.fields.entrySet()) {
			String name = entry.getKey();
			if (apiField.equals(name) || apiField.startsWith(name + ".") || apiField.startsWith(name + "[")) {
				return entry.getValue();
			}
		}
		return null;
	}

	private static void add(Map<String, List<String>> errors, String field, String text) {
		List<String> texts = errors.computeIfAbsent(field, f -> new ArrayList<>());
		if (!texts.contains(text)) {
			texts.add(text);
		}
	}

}
