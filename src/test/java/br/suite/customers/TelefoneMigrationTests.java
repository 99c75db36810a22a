package br.suite.customers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Phones stored before E.164 (as typed: 8 to 13 digits, optionally after +55) are
 * converted by the migration when they are Brazilian numbers with a DDD, and kept
 * otherwise; the API then answers them and a PATCH of another field keeps a kept one. The
 * migration is idempotent, so it is run again here over rows written the old way.
 */
class TelefoneMigrationTests extends ApiTest {

	private static final String MIGRATION = "db/migration/customers/V2026_11_26_1200__customers_telefone_e164.sql";

	@Autowired
	JdbcClient jdbc;

	@Test
	void convertsStoredBrazilianPhonesToE164AndKeepsWhatItCannotConvert() throws IOException {
		Map<String, String> expected = new LinkedHashMap<>();
		expected.put("11987654321", "+5511987654321");
		expected.put("1133334444", "+551133334444");
		expected.put("+5511987654321", "+5511987654321");
		expected.put("5521998765432", "+5521998765432");
		expected.put("02133334444", "+552133334444");
		expected.put("98765432", "98765432");
		expected.put("08001234567", "08001234567");
		expected.put("+551033334444", "+551033334444");
		String marker = unique("migracao");
		Map<String, Long> ids = new LinkedHashMap<>();
		expected.keySet()
			.forEach(old -> ids.put(old, this.jdbc.sql("""
					INSERT INTO customers_cliente (nome, nome_busca, email, email_busca, telefone, documento, ativo,
					    created_at, updated_at, version)
					VALUES (:nome, :nome, '', '', :telefone, '', true, now(), now(), 0) RETURNING id""")
				.param("nome", marker + " " + old)
				.param("telefone", old)
				.query(Long.class)
				.single()));

		this.jdbc.sql(new ClassPathResource(MIGRATION).getContentAsString(StandardCharsets.UTF_8)).update();

		expected.forEach((old,
				now) -> assertThat(
						this.api.get("/api/clientes/" + ids.get(old) + "/").json().get("telefone").asString())
					.as(old)
					.isEqualTo(now));
		var patched = this.api.patch("/api/clientes/" + ids.get("98765432") + "/", json("ativo", false));
		assertThat(patched.status()).as(patched.body()).isEqualTo(200);
		assertThat(patched.json().get("telefone").asString()).isEqualTo("98765432");
	}

}
