package br.suite.shared.json;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.prepost.PreAuthorize;

import br.suite.shared.Requires;

/**
 * The OpenAPI description at {@code /api/schema/}: the {@code Token} scheme so Swagger
 * UI's "Authorize" works, and each operation's required permission, read from the
 * {@code @PreAuthorize} line that enforces it so the two cannot drift apart.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiSettings {

	static final String SCHEME = "Token";

	@Bean
	OpenAPI suiteOpenApi() {
		return new OpenAPI()
			.info(new Info().title("Suite API")
				.version("1")
				.description("Back office for Brazilian companies. Authenticate with the header "
						+ "`Authorization: Token <key>`; see docs/api.md for the conventions."))
			.components(new Components().addSecuritySchemes(SCHEME,
					new SecurityScheme().type(SecurityScheme.Type.APIKEY)
						.in(SecurityScheme.In.HEADER)
						.name("Authorization")
						.description("Enter `Token <key>` (the word Token, a space, then your 40-character key).")))
			.addSecurityItem(new SecurityRequirement().addList(SCHEME));
	}

	@Bean
	OperationCustomizer permissionInDescription() {
		return (operation, handlerMethod) -> {
			Requires rule = handlerMethod.getMethodAnnotation(Requires.class);
			if (rule != null) {
				String permission = rule.value();
				String note = "Requires permission `" + permission + "`.";
				operation.setDescription(
						operation.getDescription() == null ? note : operation.getDescription() + "\n\n" + note);
				operation.addExtension("x-permission", permission);
			}
			return operation;
		};
	}

}
