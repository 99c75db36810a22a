package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * Opening the AFD page records nothing, whatever its query says: a generation (recorded
 * with its time and SHA-256) is made by the form's POST with its CSRF token, so a link
 * from another site cannot make one.
 */
class AfdPageTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@Test
	void onlyThePostedFormRecordsAGeneration() {
		Api.Response created = this.api.post("/api/timeclock/establishments/", json("name", unique("Filial AFD"),
				"employer_document", PeopleFixtures.cnpj(), "address", "Rua A, 1", "time_zone", "America/Sao_Paulo"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long establishment = created.id();
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("afd"), "permissions", List.of("timeclock.afd.export")));
		String username = unique("fiscal");
		Api.Response user = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		String password = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(username, password);

		HttpResponse<String> opened = pages
			.get("/app/afd/?establishment_id=" + establishment + "&allow_incomplete=true");
		assertThat(opened.statusCode()).isEqualTo(200);
		assertThat(opened.body()).contains("id=\"gerar-afd\"").doesNotContain("id=\"baixar-afd\"");
		assertThat(generations(establishment)).isZero();
		// Without the form's token (a cross-site form): refused, nothing recorded.
		HttpResponse<String> forged = pages.postRaw("/app/afd/",
				Map.of("establishment_id", Long.toString(establishment), "allow_incomplete", "true"));
		assertThat(forged.statusCode()).isEqualTo(403);
		assertThat(generations(establishment)).isZero();

		pages.get("/app/afd/");
		HttpResponse<String> generated = pages.post("/app/afd/",
				Map.of("establishment_id", Long.toString(establishment), "allow_incomplete", "true"));
		assertThat(generated.statusCode()).isEqualTo(200);
		assertThat(generated.body()).contains("id=\"baixar-afd\"");
		assertThat(generations(establishment)).isEqualTo(1);
	}

	private long generations(long establishment) {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_afd_generation WHERE establishment_id = :id")
			.param("id", establishment)
			.query(Long.class)
			.single();
	}

}
