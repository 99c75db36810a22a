package br.suite.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.ProblemDetail;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.RequestContextUtils;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Names;

/**
 * A refusal as a form shows it, in the words of the pages' one message catalogue
 * ({@code messages_pt_BR.properties}): each field's problems next to that field
 * ({@code errors}: field → messages, read by {@code fragments :: fieldErrors}), anything
 * else above the form ({@code problem}). The words come from the catalogue:
 * <ul>
 * <li>a form record the page bound and validated ({@link #show(Model, BindingResult)}):
 * Spring's codes ({@code NotBlank.clienteForm.nome}, {@code NotBlank.nome},
 * {@code NotBlank}, {@code typeMismatch}), else the constraint's own message in
 * pt-BR;</li>
 * <li>a module's refusal ({@link #show(Model, ApiProblem)}): {@code problem.<Class>} for
 * a named problem ({@code problem.DocumentoTaken}; its properties are the arguments {0},
 * {1}… in order), a plain {@code ApiProblem} by {@code problem.status.<code>}, and a
 * named one with no entry of its own by its status's too; a field's error
 * {@code invalid.<field>} (one instruction per field; {@code items[2]} also tries
 * {@code invalid.items}), else the catalogue's {@code invalid}. The module's English
 * message is shown only when even those are missing ({@code ProblemCatalogueTests} keeps
 * them present);</li>
 * <li>a message written as {@code {key}} (as Bean Validation does) is that key.</li>
 * </ul>
 * A module adds its page words to the catalogue under its own prefix; no API field
 * message in English reaches a page.
 */
public final class FormErrors {

	private static final Pattern KEY = Pattern.compile("\\{([\\w.-]+)}");

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

	/**
	 * A form record's binding and validation problems, each next to its field (named as
	 * the form names it: {@code dataLimite} → {@code data_limite}).
	 */
	public static void show(Model model, BindingResult result) {
		Shown shown = Shown.of(result);
		model.addAttribute("errors", shown.errors());
		model.addAttribute("problem", shown.general());
	}

	/** The same for the page a refused form redirects to. */
	public static void show(RedirectAttributes redirect, BindingResult result) {
		Shown shown = Shown.of(result);
		redirect.addFlashAttribute("errors", shown.errors());
		if (shown.general() != null) {
			redirect.addFlashAttribute("problem", shown.general());
		}
	}

	/**
	 * Makes a change from a form: {@code then} with what it made (a redirect), or, when
	 * the module refuses it, the refusal shown at the fields and {@code again} (the form
	 * shown again with what was typed).
	 */
	public static <T> String submit(Model model, Supplier<T> change, Function<T, String> then, Supplier<String> again) {
		return submit(model, Shown::of, change, then, problem -> again.get());
	}

	/**
	 * The same for a form whose fields are not the API's: the refusal shown as
	 * {@code fields} names it; a problem it does not name reaches the error page.
	 */
	public static <T> String submit(Model model, FormFields fields, Supplier<T> change, Function<T, String> then,
			Supplier<String> again) {
		return submit(model, fields::show, change, then, problem -> again.get());
	}

	private static <T> String submit(Model model, Function<ApiProblem, @Nullable Shown> shows, Supplier<T> change,
			Function<T, String> then, Function<ApiProblem, String> again) {
		T made;
		try {
			made = change.get();
		}
		catch (ApiProblem problem) {
			Shown shown = shows.apply(problem);
			if (shown == null) {
				throw problem;
			}
			model.addAttribute("errors", shown.errors());
			model.addAttribute("problem", shown.general());
			return again.apply(problem);
		}
		return then.apply(made);
	}

	/**
	 * The same, for a page that shows more of the refusal than its words ({@code again}
	 * is given the problem: the employees a file could not be written for).
	 */
	public static <T> String submit(Model model, Supplier<T> change, Function<T, String> then,
			Function<ApiProblem, String> again) {
		return submit(model, Shown::of, change, then, again);
	}

	/**
	 * The same, with a refusal of {@code type} shown at the form's {@code field} in its
	 * own words instead of above the form (a permission the caller does not hold, at the
	 * box or the role that asked for it).
	 */
	public static <T> String submit(Model model, Class<? extends ApiProblem> type, String field, Supplier<T> change,
			Function<T, String> then, Supplier<String> again) {
		return submit(model, problem -> type.isInstance(problem)
				? new Shown(new LinkedHashMap<>(Map.of(field, List.of(describe(problem)))), null) : Shown.of(problem),
				change, then, problem -> again.get());
	}

	/**
	 * The same for a bound form record: its binding and validation problems first, then
	 * the module's.
	 */
	public static <T> String submit(Model model, BindingResult binding, Supplier<T> change, Function<T, String> then,
			Supplier<String> again) {
		if (binding.hasErrors()) {
			show(model, binding);
			return again.get();
		}
		return submit(model, change, then, again);
	}

	/**
	 * A refusal in one sentence of the catalogue, for a page that shows it on its own.
	 */
	public static String describe(ApiProblem problem) {
		Shown shown = Shown.of(problem);
		if (shown.general() != null) {
			return shown.general();
		}
		return String.join(" ", shown.errors().values().stream().flatMap(List::stream).toList());
	}

	/** A problem shown above the form: the catalogue's text for {@code key}. */
	public static void problem(Model model, String key, Object... arguments) {
		model.addAttribute("errors", Map.of());
		model.addAttribute("problem", message(key, key, arguments));
	}

	/** One field's problem; {@code message} may be a catalogue key, {@code {key}}. */
	public static void field(Model model, String field, String message) {
		model.addAttribute("errors", Map.of(field, List.of(text(message))));
	}

	/** A text of the catalogue: {@code {key}} is looked up, anything else is kept. */
	public static String text(String message) {
		Matcher key = KEY.matcher(message);
		return key.matches() ? message(key.group(1), message) : message;
	}

	/** Whether a message is a catalogue key, {@code {key}}. */
	static boolean isKey(String message) {
		return KEY.matcher(message).matches();
	}

	/** The catalogue's text for {@code key}, or {@code fallback}. */
	static String message(String key, String fallback, Object... arguments) {
		String found = messages().getMessage(key, arguments, null, LocaleContextHolder.getLocale());
		return found == null ? fallback : found;
	}

	/** The pages' catalogue: the application context of the request being served. */
	private static MessageSource messages() {
		ServletRequestAttributes request = (ServletRequestAttributes) RequestContextHolder.currentRequestAttributes();
		return RequestContextUtils.findWebApplicationContext(request.getRequest());
	}

	/** A refusal as a form shows it: by field, and above the form. */
	record Shown(LinkedHashMap<String, List<String>> errors, @Nullable String general) {

		static Shown of(BindingResult result) {
			LinkedHashMap<String, List<String>> errors = new LinkedHashMap<>();
			MessageSource messages = messages();
			for (FieldError error : result.getFieldErrors()) {
				errors.computeIfAbsent(Names.snake(error.getField()), f -> new ArrayList<>())
					.add(messages.getMessage(error, LocaleContextHolder.getLocale()));
			}
			String general = null;
			for (ObjectError error : result.getGlobalErrors()) {
				general = messages.getMessage(error, LocaleContextHolder.getLocale());
			}
			return new Shown(errors, general);
		}

		static Shown of(ApiProblem problem) {
			LinkedHashMap<String, List<String>> errors = new LinkedHashMap<>();
			if (problem instanceof InvalidRequest invalid) {
				invalid.errors().forEach((field, messages) -> {
					List<String> texts = new ArrayList<>();
					for (String message : messages) {
						String text = KEY.matcher(message).matches() ? text(message)
								: FormErrors.message("invalid." + field,
										FormErrors.message("invalid." + field.replaceAll("\\[\\d+]", ""),
												FormErrors.message("invalid", message)));
						if (!texts.contains(text)) {
							texts.add(text);
						}
					}
					errors.put(field, texts);
				});
				return new Shown(errors, null);
			}
			ProblemDetail detail = problem.toProblemDetail();
			Map<String, Object> properties = detail.getProperties() == null ? Map.of() : detail.getProperties();
			// A named problem by its class; a plain one by its status.
			String key = problem.getClass() == ApiProblem.class ? "problem.status." + problem.status().value()
					: "problem." + problem.getClass().getSimpleName();
			// Never the module's English: a class with no entry of its own shows its
			// status's.
			String text = FormErrors.message(key, FormErrors.message("problem.status." + problem.status().value(),
					problem.getMessage(), properties.values().toArray()), properties.values().toArray());
			if (properties.get("field") instanceof String name) {
				errors.put(name, new ArrayList<>(List.of(text)));
				return new Shown(errors, null);
			}
			return new Shown(errors, text);
		}

	}

}
