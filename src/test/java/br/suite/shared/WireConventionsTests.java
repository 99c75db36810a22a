package br.suite.shared;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The conventions every module inherits, proven on the access endpoints. */
class WireConventionsTests extends ApiTest {

	@Test
	void servesPathsWithAndWithoutTheFinalSlashWithoutRedirecting() {
		Response withSlash = this.api.get("/api/access/roles/");
		Response withoutSlash = this.api.get("/api/access/roles");
		assertThat(withSlash.status()).isEqualTo(200);
		assertThat(withoutSlash.status()).isEqualTo(200);
		assertThat(withoutSlash.body()).isEqualTo(withSlash.body());
		assertThat(this.api.get("/api/access/roles/1").status()).isEqualTo(200);
	}

	@Test
	void idsThatAreNotPositive64BitIntegersAddressNothing() {
		for (String id : new String[] { "abc", "0", "-1", "1.5", "99999999999999999999", "9223372036854775808" }) {
			Response response = this.api.get("/api/access/roles/" + id + "/");
			assertThat(response.status()).as(id).isEqualTo(404);
			assertThat(response.contentType()).startsWith("application/problem+json");
		}
		assertThat(this.api.get("/api/access/roles/9223372036854775807/").status()).isEqualTo(404);
	}

	@Test
	void unknownRoutesAndMethodsAreProblems() {
		Response unknown = this.api.get("/api/nothing-here/");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		assertThat(unknown.json().get("status").asInt()).isEqualTo(404);

		Response method = this.api.put("/api/access/roles/", "{}");
		assertThat(method.status()).isEqualTo(405);
		assertThat(method.contentType()).startsWith("application/problem+json");
	}

	@Test
	void malformedJsonAndWrongContentTypesAreRefused() {
		Response malformed = this.api.post("/api/access/roles/", "{\"name\": ");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.contentType()).startsWith("application/problem+json");
		assertThat(malformed.json().get("detail").asString()).doesNotContain("Exception", "at ");

		Response notAnObject = this.api.post("/api/access/roles/", "[1,2]");
		assertThat(notAnObject.status()).isEqualTo(400);

		Response wrongType = this.api.send("POST", "/api/access/roles/", "name=x", "text/plain");
		assertThat(wrongType.status()).isEqualTo(415);
		assertThat(wrongType.contentType()).startsWith("application/problem+json");

		Response typeMismatch = this.api.post("/api/access/roles/", "{\"name\": 5}");
		assertThat(typeMismatch.status()).isEqualTo(400);
		assertThat(typeMismatch.json().get("errors").has("name")).isTrue();

		Response nestedMismatch = this.api.post("/api/access/roles/", "{\"name\":\"x\",\"permissions\":[{}]}");
		assertThat(nestedMismatch.status()).isEqualTo(400);
		assertThat(nestedMismatch.json().get("errors").has("permissions[0]")).isTrue();
	}

	@Test
	void nulCharactersAndOutOfRangeNumbersAreNamedFieldErrors() {
		Response nul = this.api.patch("/api/access/roles/1/", "{\"description\":\"a\\u0000b\"}");
		assertThat(nul.status()).isEqualTo(400);
		assertThat(nul.json().get("errors").has("description")).isTrue();
		Response overflow = this.api.post("/api/access/users/",
				"{\"username\":\"" + unique("o") + "\",\"role_id\":99999999999999999999}");
		assertThat(overflow.status()).isEqualTo(400);
		assertThat(overflow.json().get("errors").has("role_id")).isTrue();
		assertThat(this.api.get("/api/access/users/?q=a%00b").status()).isEqualTo(400);
	}

	@Test
	void bodiesOverOneMebibyteAre413() {
		String big = "{\"name\":\"" + "x".repeat(1024 * 1024 + 10) + "\"}";
		Response tooLarge = this.api.post("/api/access/roles/", big);
		assertThat(tooLarge.status()).isEqualTo(413);
		assertThat(tooLarge.contentType()).startsWith("application/problem+json");
	}

	@Test
	void eachModuleRaisesTheLimitOfItsOwnRoutesOnly() {
		// 2 MiB: over the JSON limit, under every upload limit the modules declare for
		// their routes.
		String big = "{\"x\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";
		assertThat(this.api.post("/api/clientes/", big).status()).isEqualTo(413);
		assertThat(this.api.post("/api/timeclock/punch/register/", big).status()).isNotEqualTo(413);
		assertThat(this.api.put("/api/access/users/999999999/photo/", big).status()).isNotEqualTo(413);
		assertThat(this.api.put("/api/process-documents/999999999/file/", big).status()).isNotEqualTo(413);
		assertThat(this.api.post("/api/prepare-csv-import/", big).status()).isNotEqualTo(413);
		assertThat(this.api.post("/api/confirm-csv-import/", big).status()).isNotEqualTo(413);
		// Only the route itself: a longer path under it is back to the JSON limit.
		assertThat(this.api.post("/api/process-documents/999999999/file/x/", big).status()).isEqualTo(413);
	}

	@Test
	void garbageNeverProducesA5xx() {
		String[] bodies = { "", "null", "true", "\"text\"", "{\"name\":null}", "{\"name\":{\"a\":1}}",
				"{\"name\":\"\\u0000\"}", "{\"name\":\"x\",\"permissions\":\"*\"}",
				"{\"name\":\"x\",\"permissions\":null}", "{\"name\":\"" + "é".repeat(300) + "\"}",
				"{\"name\":\"'; DROP TABLE access_role; --\"}", "{\"name\":\"x\"}}", "\u00ff\u00fe" };
		for (String body : bodies) {
			Response response = this.api.post("/api/access/roles/", body);
			assertThat(response.status()).as(body).isBetween(200, 499);
			Response patch = this.api.patch("/api/access/roles/1/", body);
			assertThat(patch.status()).as(body).isBetween(200, 499);
		}
	}

	@Test
	void textIsStoredAndReturnedVerbatim() {
		String name = "Ação 😀 \\\"quoted\\\" " + unique("'; SELECT 1; --");
		Response created = this.api.post("/api/access/roles/", "{\"name\":\"" + name + "\"}");
		assertThat(created.status()).isEqualTo(201);
		assertThat(this.api.get("/api/access/roles/" + created.id() + "/").json().get("name").asString())
			.isEqualTo(name.replace("\\\"", "\""));
	}

	@Test
	void healthIsPublicAndChecksTheDatabase() {
		Response health = this.api.as(null).get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.json().get("status").asString()).isEqualTo("UP");
		assertThat(this.api.as(null).get("/actuator/health/readiness").status()).isEqualTo(200);
	}

}
