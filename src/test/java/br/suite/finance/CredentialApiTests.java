package br.suite.finance;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.finance.connection.CredentialService;
import br.suite.finance.connection.PixCredentials;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection's provider credentials: write-only, sealed at rest, checked on the way in.
 */
class CredentialApiTests extends ApiTest {

	static final String CONNECTIONS = "/api/finance/connections/";

	/** A public address written as an IP, so no name has to resolve in the test. */
	static final String BASE = "https://200.160.2.3/pix/v2";

	static final TestCertificates.Issued CA = TestCertificates.ca("Test PSP CA");

	@Autowired
	JdbcClient jdbc;

	@Autowired
	CredentialService credentials;

	@Value("${suite.access.data-directory}")
	String dataDirectory;

	long connection() {
		Response created = this.api.post(CONNECTIONS, json("provider", provider(), "status", "active"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	static Map<String, Object> body(Object... pairs) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kind", "pix_api");
		body.put("base_url", BASE);
		body.put("token_url", "https://200.160.2.3/oauth/token");
		body.put("client_id", "Client_Id_Visible_Nowhere_1");
		body.put("client_secret", "Client_Secret_Visible_Nowhere_2");
		body.put("pix_key", "12345678000195");
		for (int i = 0; i + 1 < pairs.length; i += 2) {
			body.put((String) pairs[i], pairs[i + 1]);
		}
		return body;
	}

	Response put(long id, Map<String, Object> body) {
		return this.api.put(CONNECTIONS + id + "/credentials/", Api.JSON.writeValueAsString(body));
	}

	@Test
	void secretsAreWriteOnlyAndNoColumnHoldsThemInTheClear() throws Exception {
		long id = connection();
		TestCertificates.Issued client = TestCertificates.issue(CA, "CN=Empresa Teste,O=12345678000195",
				Duration.ofDays(365));
		String password = "P12_Password_Visible_Nowhere_3";
		String headerValue = "Header_Value_Visible_Nowhere_4";
		String queryValue = "Query_Value_Visible_Nowhere_5";
		Response set = put(id,
				body("certificate_p12_base64", client.p12Base64(password), "certificate_password", password,
						"token_auth", "form", "scope", "cob.read pix.read", "extra_headers",
						Map.of("client_id", headerValue), "extra_query", Map.of("gw-dev-app-key", queryValue),
						"server_ca_pem", CA.certificatePem()));
		assertThat(set.status()).as(set.toString()).isEqualTo(204);

		Response read = this.api.get(CONNECTIONS + id + "/credentials/");
		assertThat(read.status()).as(read.toString()).isEqualTo(200);
		JsonNode shown = read.json();
		assertThat(shown.get("kind").asString()).isEqualTo("pix_api");
		assertThat(shown.get("base_url").asString()).isEqualTo(BASE);
		assertThat(shown.get("token_auth").asString()).isEqualTo("form");
		assertThat(shown.get("scope").asString()).isEqualTo("cob.read pix.read");
		assertThat(shown.get("client_id_set").asBoolean()).isTrue();
		assertThat(shown.get("client_secret_set").asBoolean()).isTrue();
		assertThat(shown.get("certificate").asString()).isEqualTo("p12");
		assertThat(shown.get("certificate_subject").asString()).contains("Empresa Teste");
		assertThat(Instant.parse(shown.get("certificate_expires_at").asString()))
			.isBetween(Instant.now().plus(Duration.ofDays(364)), Instant.now().plus(Duration.ofDays(366)));
		assertThat(shown.get("certificate_expires_soon").asBoolean()).isFalse();
		assertThat(shown.get("server_ca_set").asBoolean()).isTrue();
		assertThat(shown.get("extra_header_names").toString()).isEqualTo("[\"client_id\"]");
		assertThat(shown.get("extra_query_names").toString()).isEqualTo("[\"gw-dev-app-key\"]");
		String[] secrets = { "Client_Id_Visible_Nowhere_1", "Client_Secret_Visible_Nowhere_2", password, headerValue,
				queryValue, client.privateKeyPem().lines().skip(1).findFirst().orElseThrow(),
				client.p12Base64(password).substring(0, 40) };
		for (String secret : secrets) {
			assertThat(read.body()).doesNotContain(secret);
		}

		// The database row, every column as text, and its raw bytes.
		String row = this.jdbc
			.sql("SELECT row_to_json(c)::text FROM finance_connection_credential c WHERE connection_id = ?")
			.param(id)
			.query(String.class)
			.single();
		byte[] sealed = this.jdbc.sql("SELECT secrets FROM finance_connection_credential WHERE connection_id = ?")
			.param(id)
			.query((rs, n) -> rs.getBytes(1))
			.single();
		String raw = new String(sealed, StandardCharsets.ISO_8859_1);
		for (String secret : secrets) {
			assertThat(row).doesNotContain(secret)
				.doesNotContain(HexFormat.of().formatHex(secret.getBytes(StandardCharsets.UTF_8)));
			assertThat(raw).doesNotContain(secret);
		}
		// …nor the audit log.
		String audit = this.jdbc
			.sql("SELECT string_agg(changes::text, ' ') FROM audit_event WHERE resource_type = 'connection' "
					+ "AND resource_id = ?")
			.param(String.valueOf(id))
			.query(String.class)
			.single();
		assertThat(audit).contains("pix_api");
		for (String secret : secrets) {
			assertThat(audit).doesNotContain(secret);
		}

		// New credentials are not proven: the connection is pending again.
		assertThat(this.api.get(CONNECTIONS + id + "/").json().get("status").asString()).isEqualTo("pending");

		// The key they are sealed with was generated in the data directory, owner-only.
		Path key = Path.of(this.dataDirectory).resolve("secrets.key");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rw-------");
	}

	@Test
	void pemCertificatesAreReadAndAnExpiryWithin30DaysIsFlagged() {
		long id = connection();
		TestCertificates.Issued client = TestCertificates.issue(CA, "CN=Inter Cliente", Duration.ofDays(10));
		Response set = put(id, body("certificate_pem", client.certificatePem() + CA.certificatePem(), "private_key_pem",
				client.privateKeyPem(), "client_secret", ""));
		assertThat(set.status()).as(set.toString()).isEqualTo(204);
		JsonNode shown = this.api.get(CONNECTIONS + id + "/credentials/").json();
		assertThat(shown.get("certificate").asString()).isEqualTo("pem");
		assertThat(shown.get("certificate_expires_soon").asBoolean()).isTrue();
		assertThat(shown.get("client_secret_set").asBoolean()).isFalse();
		assertThat(shown.get("token_auth").asString()).as("default").isEqualTo("basic");

		// Replaced whole: without a certificate now.
		assertThat(put(id, body()).status()).isEqualTo(204);
		shown = this.api.get(CONNECTIONS + id + "/credentials/").json();
		assertThat(shown.get("certificate").asString()).isEqualTo("none");
		assertThat(shown.get("certificate_expires_at").isNull()).isTrue();

		assertThat(this.api.delete(CONNECTIONS + id + "/credentials/").status()).isEqualTo(204);
		assertThat(this.api.get(CONNECTIONS + id + "/credentials/").status()).isEqualTo(404);
		assertThat(this.api.delete(CONNECTIONS + id + "/credentials/").status()).isEqualTo(404);
	}

	@Test
	void badCredentialsAre400sNamingTheFieldAndWriteNothing() {
		long id = connection();
		TestCertificates.Issued client = TestCertificates.issue(CA, "CN=A", Duration.ofDays(100));
		TestCertificates.Issued other = TestCertificates.issue(CA, "CN=B", Duration.ofDays(100));
		Object[][] cases = { { "kind", "bank_api", "kind" }, { "kind", null, "kind" },
				{ "base_url", "http://200.160.2.3/v2", "base_url" }, { "base_url", "https://10.1.2.3/v2", "base_url" },
				{ "base_url", "https://127.0.0.1:8443/v2", "base_url" },
				{ "token_url", "https://169.254.169.254/token", "token_url" }, { "base_url", "", "base_url" },
				{ "client_id", "", "client_id" }, { "token_auth", "digest", "token_auth" }, { "certificate_p12_base64",
						client.p12Base64("right"), "certificate_p12_base64", "certificate_password", "wrong" },
				{ "certificate_p12_base64", "%%%", "certificate_p12_base64" },
				{ "certificate_pem", client.certificatePem(), "private_key_pem", "private_key_pem",
						other.privateKeyPem() },
				{ "certificate_pem", "not a certificate", "certificate_pem", "private_key_pem",
						client.privateKeyPem() },
				{ "certificate_pem", client.certificatePem(), "private_key_pem" },
				{ "extra_headers", Map.of("Authorization", "Bearer x"), "extra_headers" },
				{ "extra_headers", Map.of("bad name", "x"), "extra_headers" },
				{ "extra_query", Map.of("k", "line\nbreak"), "extra_query" }, { "pix_key", "k".repeat(78), "pix_key" },
				{ "server_ca_pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----", "server_ca_pem" } };
		for (Object[] c : cases) {
			Map<String, Object> body = body(c[0], c[1]);
			if (c.length == 5) {
				body.put((String) c[3], c[4]);
			}
			Response refused = put(id, body);
			assertThat(refused.status()).as(c[0] + " → " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").has((String) c[2])).as(c[0] + " → " + refused).isTrue();
		}
		assertThat(this.api.get(CONNECTIONS + id + "/credentials/").status()).isEqualTo(404);
		assertThat(this.api.get(CONNECTIONS + id + "/").json().get("status").asString()).isEqualTo("active");
		assertThat(this.api.get(CONNECTIONS + "999999999/credentials/").status()).isEqualTo(404);
		assertThat(put(999_999_999L, body()).status()).isEqualTo(404);
	}

	@Test
	void readingNeedsViewAndSettingNeedsChange() {
		long id = connection();
		assertThat(put(id, body()).status()).isEqualTo(204);
		Api viewer = signedInWith("finance.connections.view");
		assertThat(viewer.get(CONNECTIONS + id + "/credentials/").status()).isEqualTo(200);
		assertThat(viewer.put(CONNECTIONS + id + "/credentials/", Api.JSON.writeValueAsString(body())).status())
			.isEqualTo(403);
		assertThat(viewer.delete(CONNECTIONS + id + "/credentials/").status()).isEqualTo(403);
		assertThat(signedInWith().get(CONNECTIONS + id + "/credentials/").status()).isEqualTo(403);
	}

	@Test
	void aNewDestinationNeedsTheCredentialsPermissionAndARefusalChangesNothing() {
		long id = connection();
		TestCertificates.Issued client = TestCertificates.issue(CA, "CN=Empresa Destino", Duration.ofDays(200));
		TestCertificates.Issued other = TestCertificates.issue(CA, "CN=Outro Certificado", Duration.ofDays(200));
		TestCertificates.Issued otherCa = TestCertificates.ca("Another CA");
		String[] certificate = { "certificate_p12_base64", client.p12Base64(""), "certificate_password", "" };
		assertThat(put(id, body(certificate[0], certificate[1], certificate[2], certificate[3], "server_ca_pem",
				CA.certificatePem()))
			.status()).isEqualTo(204);
		assertThat(this.api.patch(CONNECTIONS + id + "/", json("status", "active")).status()).isEqualTo(200);
		JsonNode before = this.api.get(CONNECTIONS + id + "/credentials/").json();
		// The first credentials are a destination too.
		long events = destinationEvents(id);
		assertThat(events).isEqualTo(1);
		Api clerk = signedInWith("finance.connections.view", "finance.connections.change");

		// Each part of the destination changed by a settings clerk: 403, nothing written.
		Object[][] moves = { { "base_url", "https://200.160.2.99/pix/v2" },
				{ "token_url", "https://200.160.2.99/oauth/token" }, { "server_ca_pem", otherCa.certificatePem() },
				{ "certificate_p12_base64", other.p12Base64("") }, { "certificate_p12_base64", null } };
		for (Object[] move : moves) {
			Map<String, Object> body = body(certificate[0], certificate[1], certificate[2], certificate[3],
					"server_ca_pem", CA.certificatePem(), "client_id", "Forged_Client_Id");
			body.put((String) move[0], move[1]);
			Response refused = clerk.put(CONNECTIONS + id + "/credentials/", Api.JSON.writeValueAsString(body));
			assertThat(refused.status()).as(move[0] + " → " + refused).isEqualTo(403);
			assertThat(refused.json().get("permission").asString()).isEqualTo("finance.connections.credentials");
		}
		assertThat(this.api.get(CONNECTIONS + id + "/credentials/").json()).isEqualTo(before);
		PixCredentials kept = this.credentials.load(id).orElseThrow();
		assertThat(kept.secrets().clientId()).isEqualTo("Client_Id_Visible_Nowhere_1");
		assertThat(kept.secrets().clientSecret()).isEqualTo("Client_Secret_Visible_Nowhere_2");
		assertThat(kept.identity()).isNotNull();
		assertThat(this.api.get(CONNECTIONS + id + "/").json().get("status").asString()).isEqualTo("active");
		assertThat(destinationEvents(id)).isEqualTo(events);

		// Nor may a clerk set credentials where none are (delete, then set anew).
		long fresh = connection();
		assertThat(clerk.put(CONNECTIONS + fresh + "/credentials/", Api.JSON.writeValueAsString(body())).status())
			.isEqualTo(403);
		assertThat(this.api.get(CONNECTIONS + fresh + "/credentials/").status()).isEqualTo(404);

		// The same destination with a new secret: the clerk's job.
		Response rotated = clerk.put(CONNECTIONS + id + "/credentials/",
				Api.JSON.writeValueAsString(body(certificate[0], client.p12Base64(""), certificate[2], certificate[3],
						"server_ca_pem", CA.certificatePem(), "client_secret", "Rotated_Secret")));
		assertThat(rotated.status()).as(rotated.toString()).isEqualTo(204);
		assertThat(this.credentials.load(id).orElseThrow().secrets().clientSecret()).isEqualTo("Rotated_Secret");
		assertThat(destinationEvents(id)).isEqualTo(events);

		// An administrator moves it: audited with the old and new hosts, pending again.
		assertThat(this.api.patch(CONNECTIONS + id + "/", json("status", "active")).status()).isEqualTo(200);
		assertThat(put(id, body("base_url", "https://200.160.2.99/pix/v2")).status()).isEqualTo(204);
		assertThat(this.api.get(CONNECTIONS + id + "/").json().get("status").asString()).isEqualTo("pending");
		assertThat(destinationEvents(id)).isEqualTo(events + 1);
		String changes = this.jdbc
			.sql("SELECT changes::text FROM audit_event WHERE resource_type = 'connection' AND resource_id = ? "
					+ "AND action = 'finance.connection.destination_changed' ORDER BY id DESC LIMIT 1")
			.param(String.valueOf(id))
			.query(String.class)
			.single();
		assertThat(changes).contains("200.160.2.3").contains("200.160.2.99");
		assertThat(this.credentials.load(id).orElseThrow().identity()).as("the old certificate is gone").isNull();
	}

	long destinationEvents(long id) {
		return this.jdbc
			.sql("SELECT count(*) FROM audit_event WHERE resource_type = 'connection' AND resource_id = ? "
					+ "AND action = 'finance.connection.destination_changed'")
			.param(String.valueOf(id))
			.query(Long.class)
			.single();
	}

}
