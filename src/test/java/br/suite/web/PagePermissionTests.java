package br.suite.web;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.shared.NoPermission;
import br.suite.shared.Requires;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages declare their permission on each handler, with the {@link Requires} the API
 * uses (the pages' security chain only asks that the caller be signed in): a page handler
 * without {@link Requires} or {@link NoPermission} fails here, and every page that names
 * a permission refuses a signed-in person without it with the Portuguese forbidden page
 * (403, HTML), never the API's JSON problem.
 */
class PagePermissionTests extends ApiTest {

	private static final Pattern VARIABLE = Pattern.compile("\\{(\\w+)(?::([^}]*))?}");

	@Autowired
	@Qualifier("requestMappingHandlerMapping")
	RequestMappingHandlerMapping mappings;

	private static boolean isPage(HandlerMethod handler) {
		return handler.getBeanType().getPackageName().startsWith("br.suite.")
				&& !handler.getBeanType().isAnnotationPresent(RestController.class);
	}

	@Test
	void everyPageHandlerDeclaresItsPermissionOrThatItNeedsNone() {
		List<String> undeclared = new ArrayList<>();
		List<String> pages = new ArrayList<>();
		this.mappings.getHandlerMethods().forEach((info, handler) -> {
			if (isPage(handler)) {
				pages.add(info.toString());
				if (!handler.hasMethodAnnotation(Requires.class) && !handler.hasMethodAnnotation(NoPermission.class)) {
					undeclared.add(info + " (" + handler + ")");
				}
			}
		});
		assertThat(undeclared).isEmpty();
		assertThat(pages).hasSizeGreaterThan(60);
	}

	@Test
	void aPageRefusesWhoLacksItsPermissionWithTheForbiddenPage() {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("sem-paginas"), "permissions", List.of()));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		String username = unique("sem-paginas");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Sem Páginas", "role_id", role.id()));
		String password = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(username, password);
		// A page without a permission answers, and the CSRF token is good (a refused
		// token would be a 403 too).
		assertThat(pages.get("/app/").statusCode()).isEqualTo(200);
		assertThat(pages.post("/app/password", Map.of()).statusCode()).isEqualTo(200);

		List<String> checked = new ArrayList<>();
		List<String> notRefused = new ArrayList<>();
		for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : this.mappings.getHandlerMethods().entrySet()) {
			Requires requires = entry.getValue().getMethodAnnotation(Requires.class);
			if (requires == null || !isPage(entry.getValue())) {
				continue;
			}
			for (String pattern : entry.getKey().getPatternValues()) {
				String path = path(pattern);
				for (RequestMethod method : entry.getKey().getMethodsCondition().getMethods()) {
					pages.get("/app/");
					HttpResponse<String> response = method == RequestMethod.POST ? pages.post(path, Map.of())
							: pages.get(path);
					checked.add(method + " " + path);
					String type = response.headers().firstValue("Content-Type").orElse("");
					if (response.statusCode() != 403 || !type.startsWith("text/html")
							|| !response.body().contains("Você não tem permissão para abrir esta página")) {
						notRefused.add(method + " " + path + " (" + requires.value() + ") answered "
								+ response.statusCode() + " " + type);
					}
				}
			}
		}
		assertThat(notRefused).isEmpty();
		assertThat(checked).hasSizeGreaterThan(60);
	}

	/**
	 * A path the pattern matches: a number for a numeric variable, the first choice of a
	 * variable that lists them ({@code {action:deactivate|revoke}}).
	 */
	private static String path(String pattern) {
		Matcher variable = VARIABLE.matcher(pattern);
		StringBuilder path = new StringBuilder();
		while (variable.find()) {
			String regex = variable.group(2);
			String value = regex == null || regex.startsWith("\\d") ? "999999999" : regex.split("\\|")[0];
			variable.appendReplacement(path, Matcher.quoteReplacement(value));
		}
		variable.appendTail(path);
		return path.toString();
	}

}
