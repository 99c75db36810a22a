package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.http.HttpStatus;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockServletContext;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.support.GenericWebApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

import br.suite.access.Permissions;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * No page shows a module's English refusal: every named problem of every module (found on
 * the classpath), every status a plain problem is raised with and every field a module
 * refuses by name has its Portuguese entry in both catalogues, and {@link FormErrors}
 * shows that entry, not the module's message.
 */
class ProblemCatalogueTests {

	private static final Path SOURCES = Path.of("src/main/java/br/suite");

	@BeforeEach
	void request() {
		GenericWebApplicationContext context = new GenericWebApplicationContext(new MockServletContext());
		ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
		messages.setBasename("messages");
		messages.setDefaultEncoding("UTF-8");
		messages.setFallbackToSystemLocale(false);
		context.registerBean("messageSource", MessageSource.class, () -> messages);
		context.refresh();
		MockHttpServletRequest request = new MockHttpServletRequest();
		request.setAttribute(DispatcherServlet.WEB_APPLICATION_CONTEXT_ATTRIBUTE, context);
		RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
		LocaleContextHolder.setLocale(Locale.forLanguageTag("pt-BR"));
	}

	@AfterEach
	void clear() {
		RequestContextHolder.resetRequestAttributes();
		LocaleContextHolder.resetLocaleContext();
	}

	@Test
	void everyNamedProblemHasItsPortugueseEntry() throws Exception {
		List<Class<?>> problems = problemClasses();
		assertThat(problems).hasSizeGreaterThan(90);
		for (Properties catalogue : catalogues()) {
			assertThat(problems)
				.allSatisfy((type) -> assertThat(catalogue).as("problem.%s (%s)", type.getSimpleName(), type.getName())
					.containsKey("problem." + type.getSimpleName()));
		}
	}

	@Test
	void everyPermissionHasItsPortugueseDescription() throws Exception {
		// The role form lists every permission with its description: a missing entry
		// shows
		// the key itself, in English and wider than a phone.
		for (Properties catalogue : catalogues()) {
			assertThat(Permissions.CATALOGUE.keySet()).filteredOn(permission -> !Permissions.ALL.equals(permission))
				.allSatisfy(permission -> assertThat(catalogue).containsKey("permission." + permission));
		}
	}

	@Test
	void everyStatusAProblemIsRaisedWithHasItsEntry() throws Exception {
		Set<Integer> statuses = new TreeSet<>(List.of(400, 403, 404, 409));
		Pattern raised = Pattern
			.compile("(?:new ApiProblem|super)\\((?:org\\.springframework\\.http\\.)?HttpStatus\\.(\\w+)");
		for (String source : sources()) {
			Matcher status = raised.matcher(source);
			while (status.find()) {
				statuses.add(HttpStatus.valueOf(status.group(1)).value());
			}
		}
		assertThat(statuses).contains(412, 413, 429, 503);
		for (Properties catalogue : catalogues()) {
			assertThat(statuses).allSatisfy((status) -> assertThat(catalogue).containsKey("problem.status." + status));
			assertThat(catalogue).containsKeys("invalid", "problem.NotFound", "problem.Conflict", "problem.Forbidden");
		}
	}

	@Test
	void everyFieldAModuleRefusesByNameHasItsEntry() throws Exception {
		Set<String> fields = new TreeSet<>();
		Pattern refused = Pattern.compile("(?:\\.add|InvalidRequest\\.of)\\(\"([A-Za-z][\\w-]*)\",");
		for (String source : sources()) {
			Matcher field = refused.matcher(source);
			while (field.find()) {
				fields.add(field.group(1));
			}
		}
		assertThat(fields).contains("access_key", "cpf", "employee_id", "month");
		for (Properties catalogue : catalogues()) {
			assertThat(fields).allSatisfy((field) -> assertThat(catalogue).containsKey("invalid." + field));
		}
	}

	/**
	 * Through FormErrors, as a page shows them: each problem that can be made here with
	 * plain arguments reads from the catalogue, never in the module's words.
	 */
	@Test
	void aPageShowsTheCatalogueNotTheModulesEnglish() throws Exception {
		int shown = 0;
		for (Class<?> type : problemClasses()) {
			ApiProblem problem = make(type);
			if (problem == null) {
				continue;
			}
			String text = FormErrors.describe(problem);
			assertThat(text).as(type.getName()).isNotEqualTo(problem.getMessage()).doesNotContain("{");
			shown++;
		}
		assertThat(shown).isGreaterThan(60);
		// A field with no entry of its own, and a status only a plain problem has.
		assertThat(FormErrors.describe(InvalidRequest.of("items[3]", "is not a current suggestion")))
			.isEqualTo("Confira os itens escolhidos.");
		assertThat(FormErrors.describe(InvalidRequest.of("no_such_field", "must be positive")))
			.isEqualTo("Valor inválido.");
		assertThat(FormErrors.describe(new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send a CSV file.")))
			.isEqualTo("Este tipo de arquivo não é aceito.");
		assertThat(FormErrors.describe(new ApiProblem.Conflict("Something English.")))
			.isEqualTo("Esta alteração não é possível no estado atual do registro.");
	}

	private static List<Class<?>> problemClasses() throws ClassNotFoundException {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AssignableTypeFilter(ApiProblem.class));
		List<Class<?>> found = new ArrayList<>();
		for (var candidate : scanner.findCandidateComponents("br.suite")) {
			Class<?> type = Class.forName(candidate.getBeanClassName());
			if (type.getSimpleName().isEmpty() || type.getName().startsWith("br.suite.shared.")) {
				continue;
			}
			found.add(type);
		}
		return found;
	}

	private static List<Properties> catalogues() throws IOException {
		List<Properties> all = new ArrayList<>();
		for (String name : List.of("messages_pt_BR.properties", "messages.properties")) {
			Properties catalogue = new Properties();
			try (Reader in = new InputStreamReader(
					ProblemCatalogueTests.class.getClassLoader().getResourceAsStream(name), StandardCharsets.UTF_8)) {
				catalogue.load(in);
			}
			all.add(catalogue);
		}
		return all;
	}

	private static List<String> sources() throws IOException {
		try (Stream<Path> files = Files.walk(SOURCES)) {
			List<String> all = new ArrayList<>();
			for (Path file : files.filter((f) -> f.toString().endsWith(".java")).toList()) {
				all.add(Files.readString(file));
			}
			return all;
		}
	}

	/** The problem made with plain arguments, or null when one is not plain. */
	private static ApiProblem make(Class<?> type) {
		if (Modifier.isAbstract(type.getModifiers())) {
			return null;
		}
		for (Constructor<?> constructor : type.getDeclaredConstructors()) {
			Class<?>[] parameters = constructor.getParameterTypes();
			Object[] arguments = new Object[parameters.length];
			boolean plain = true;
			for (int i = 0; i < parameters.length; i++) {
				arguments[i] = plain(parameters[i]);
				plain &= arguments[i] != null;
			}
			if (!plain) {
				continue;
			}
			try {
				constructor.setAccessible(true);
				return (ApiProblem) constructor.newInstance(arguments);
			}
			catch (ReflectiveOperationException | RuntimeException ex) {
				// not made with these; try another constructor
			}
		}
		return null;
	}

	private static Object plain(Class<?> type) {
		if (type == long.class || type == Long.class) {
			return 7L;
		}
		if (type == int.class || type == Integer.class) {
			return 7;
		}
		if (type == boolean.class) {
			return true;
		}
		if (type == String.class) {
			return "x";
		}
		if (type == BigDecimal.class) {
			return BigDecimal.TEN;
		}
		if (type == YearMonth.class) {
			return YearMonth.of(2026, 3);
		}
		if (type == LocalDate.class) {
			return LocalDate.of(2026, 3, 2);
		}
		if (type == Instant.class) {
			return Instant.parse("2026-03-02T10:00:00Z");
		}
		if (type == OffsetDateTime.class) {
			return OffsetDateTime.parse("2026-03-02T10:00:00-03:00");
		}
		if (type == List.class || type == Collection.class) {
			return List.of("x");
		}
		if (type == Set.class) {
			return Set.of("x");
		}
		if (type == Map.class) {
			return Map.of("x", 1);
		}
		return null;
	}

}
