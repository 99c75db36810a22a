package br.suite.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.shared.NoPermission;
import br.suite.shared.Requires;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every endpoint that names a permission refuses a caller without it with 403 before
 * reading anything it sent: a body that is not JSON at all, to a path whose ids do not
 * exist, still gets 403 (a skipped early check would answer 400 or 404 first).
 */
class PermissionCheckApiTests extends ApiTest {

	@Autowired
	@Qualifier("requestMappingHandlerMapping")
	RequestMappingHandlerMapping mappings;

	@Test
	void everyPermissionIsCheckedBeforeTheRequestIsRead() {
		Api nobody = signedInWith();
		List<String> checked = new ArrayList<>();
		List<String> notRefused = new ArrayList<>();
		for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : this.mappings.getHandlerMethods().entrySet()) {
			Requires requires = entry.getValue().getMethodAnnotation(Requires.class);
			if (requires == null) {
				continue;
			}
			for (String pattern : entry.getKey().getPatternValues()) {
				if (!pattern.startsWith("/api/")) {
					// A page: PagePermissionTests signs in with a session instead of a
					// token.
					continue;
				}
				String path = pattern.replaceAll("\\{[^/]*}", "999999999") + (pattern.endsWith("/") ? "" : "/")
						+ "?page=x&page_size=x&date_from=x&ativo=x";
				// The content type the handler consumes (else it is never chosen: 415),
				// with a body that is not one.
				String type = entry.getKey()
					.getConsumesCondition()
					.getConsumableMediaTypes()
					.stream()
					.findFirst()
					.map(t -> t.isCompatibleWith(MediaType.MULTIPART_FORM_DATA) ? t + "; boundary=x" : t.toString())
					.orElse("application/json");
				for (RequestMethod method : entry.getKey().getMethodsCondition().getMethods()) {
					Api.Response response = nobody.send(method.name(), path, "not json {", type);
					checked.add(method + " " + path);
					if (response.status() != 403 || !response.json().get("detail").asString().contains("permission")) {
						notRefused
							.add(method + " " + path + " (" + requires.value() + ") answered " + response.status());
					}
				}
			}
		}
		assertThat(notRefused).isEmpty();
		assertThat(checked).hasSizeGreaterThan(100);
	}

	@Test
	void everyApiHandlerDeclaresItsPermissionOrThatItNeedsNone() {
		List<String> undeclared = new ArrayList<>();
		this.mappings.getHandlerMethods().forEach((info, handler) -> {
			boolean ours = handler.getBeanType().getPackageName().startsWith("br.suite.");
			boolean api = ours && info.getPatternValues().stream().anyMatch(p -> p.startsWith("/api/"));
			if (api && !handler.hasMethodAnnotation(Requires.class)
					&& !handler.hasMethodAnnotation(NoPermission.class)) {
				undeclared.add(info.toString());
			}
		});
		assertThat(undeclared).isEmpty();
	}

}
