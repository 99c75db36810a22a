package br.suite.shared;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class OpenApiTests extends ApiTest {

	@Test
	void describesEveryOperationWithItsPermissionAndTheTokenScheme() {
		Response schema = this.api.as(null).get("/api/schema/");
		assertThat(schema.status()).isEqualTo(200);
		JsonNode openApi = schema.json();
		assertThat(openApi.at("/components/securitySchemes/Token/type").asString()).isEqualTo("apiKey");
		assertThat(openApi.at("/components/securitySchemes/Token/name").asString()).isEqualTo("Authorization");
		JsonNode roles = openApi.at("/paths/~1api~1access~1roles");
		assertThat(roles.at("/get/x-permission").asString()).isEqualTo("access.roles.view");
		assertThat(openApi.at("/paths/~1api~1access~1roles~1{id}/patch/x-permission").asString())
			.isEqualTo("access.roles.change");
		assertThat(openApi.at("/components/schemas/UserResponse/properties").has("temporary_password")).isTrue();
		assertThat(openApi.at("/components/schemas/RoleResponse/properties").has("is_system")).isTrue();
	}

	@Test
	void servesSwaggerUi() {
		Response docs = this.api.as(null).get("/api/docs/");
		assertThat(docs.status()).isEqualTo(302);
		Response page = this.api.as(null)
			.get(docs.header("Location").orElseThrow().replaceFirst("^https?://[^/]+", ""));
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.body()).contains("swagger");
	}

}
