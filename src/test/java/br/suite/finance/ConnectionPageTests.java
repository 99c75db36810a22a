package br.suite.finance;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.finance.connection.CredentialService;
import br.suite.finance.connection.PixCredentials;
import br.suite.web.PageClient;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection's page against {@link FakePsp} over real mutual TLS: a secret is never
 * carried to a host it was not entered for, a settings clerk cannot move a connection,
 * and the sync logs show only to who may read them. The same switches as
 * {@link PixProviderApiTests} on the shared context ({@link PixTestSettings}).
 */
class ConnectionPageTests extends ApiTest {

	@Override
	protected void settings(TestSettings settings) {
		PixTestSettings.apply(settings);
	}

	static final String CONNECTIONS = "/api/finance/connections/";

	@Autowired
	CredentialService credentials;

	FakePsp psp;

	long connection;

	@BeforeEach
	void start() throws Exception {
		this.psp = new FakePsp();
		Response created = this.api.post(CONNECTIONS, json("provider", provider(), "account_id", "conta-1"));
		this.connection = created.id();
		Response set = this.api.put(CONNECTIONS + this.connection + "/credentials/",
				Api.JSON.writeValueAsString(this.psp.credentials()));
		assertThat(set.status()).as(set.toString()).isEqualTo(204);
	}

	@AfterEach
	void stop() {
		this.psp.close();
	}

	/** A browser signed in as a new user whose role holds exactly these permissions. */
	PageClient page(String... permissions) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of(permissions)));
		String username = unique("conexao");
		Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Pessoa Teste", "role_id", role.id()));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		PageClient page = new PageClient(this.api.base());
		assertThat(page.signIn(username, chosen).statusCode()).isEqualTo(302);
		return page;
	}

	Map<String, String> form(FakePsp target, Object... pairs) {
		Map<String, String> form = new LinkedHashMap<>();
		form.put("base_url", target.baseUrl());
		form.put("token_url", target.tokenUrl());
		form.put("token_auth", "basic");
		form.put("pix_key", "11222333000181");
		for (int i = 0; i + 1 < pairs.length; i += 2) {
			form.put((String) pairs[i], (String) pairs[i + 1]);
		}
		return form;
	}

	String path() {
		return "/app/connections/" + this.connection + "/";
	}

	@Test
	void aNewUrlOnThePageCarriesNoStoredSecretToTheNewHost() throws Exception {
		// A host that takes any client and records what it gets.
		try (FakePsp other = new FakePsp(this.psp.ca)) {
			PageClient page = page("finance.connections.view", "finance.connections.change",
					"finance.connections.credentials");
			page.get(path());
			JsonNode before = this.api.get(CONNECTIONS + this.connection + "/credentials/").json();

			// The URLs and CA of another host, every secret left blank: refused, nothing
			// kept.
			HttpResponse<String> refused = page.post(path() + "credentials",
					form(other, "server_ca_pem", other.ca.certificatePem()));
			assertThat(refused.statusCode()).isEqualTo(200);
			assertThat(refused.body()).contains("id=\"erro-client_id\"").contains("Informe o client ID");
			assertThat(this.api.get(CONNECTIONS + this.connection + "/credentials/").json()).isEqualTo(before);
			assertThat(page.post(path() + "test", Map.of()).statusCode()).isEqualTo(302);
			assertThat(other.tokenRequestsSeen).as("the test still goes to the host they were entered for").isEmpty();
			assertThat(this.psp.tokenRequests.get()).isPositive();

			// A new client id only: saved, and every other secret is gone, not carried
			// over.
			page.get(path());
			HttpResponse<String> saved = page.post(path() + "credentials",
					form(other, "server_ca_pem", other.ca.certificatePem(), "client_id", "id-novo"));
			assertThat(saved.statusCode()).as(saved.body()).isEqualTo(302);
			PixCredentials.Secrets secrets = this.credentials.load(this.connection).orElseThrow().secrets();
			assertThat(secrets.clientId()).isEqualTo("id-novo");
			assertThat(secrets.clientSecret()).isEmpty();
			assertThat(secrets.certificateP12Base64()).isNull();
			assertThat(this.credentials.load(this.connection).orElseThrow().identity()).isNull();
			page.get(path());
			assertThat(page.post(path() + "test", Map.of()).statusCode()).isEqualTo(302);

			String oldBasic = Base64.getEncoder()
				.encodeToString((FakePsp.CLIENT_ID + ":" + FakePsp.CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
			String oldCertificate = HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(this.psp.client.certificate().getEncoded()));
			assertThat(other.tokenRequestsSeen).as("the new host was called").isNotEmpty();
			assertThat(other.tokenRequestsSeen).allSatisfy(seen -> assertThat(seen).doesNotContain(oldBasic)
				.doesNotContain(FakePsp.CLIENT_SECRET)
				.doesNotContain(oldCertificate));
		}
	}

	@Test
	void aClerkCannotMoveAConnectionFromThePage() {
		PageClient clerk = page("finance.connections.view", "finance.connections.change");
		clerk.get(path());
		JsonNode before = this.api.get(CONNECTIONS + this.connection + "/credentials/").json();
		HttpResponse<String> refused = clerk.post(path() + "credentials",
				form(this.psp, "base_url", "https://200.160.2.99/v2", "client_id", "forjado", "client_secret", "x"));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("exige a permissão");
		assertThat(this.api.get(CONNECTIONS + this.connection + "/credentials/").json()).isEqualTo(before);
		assertThat(this.credentials.load(this.connection).orElseThrow().secrets().clientSecret())
			.isEqualTo(FakePsp.CLIENT_SECRET);

		// The same host, blank secrets: kept, as before.
		clerk.get(path());
		assertThat(clerk.post(path() + "credentials", form(this.psp)).statusCode()).isEqualTo(302);
		assertThat(this.credentials.load(this.connection).orElseThrow().secrets().clientSecret())
			.isEqualTo(FakePsp.CLIENT_SECRET);
		assertThat(this.credentials.load(this.connection).orElseThrow().identity()).isNotNull();
	}

	@Test
	void syncLogsShowOnlyToWhoMayReadThem() {
		Response synced = this.api.post(CONNECTIONS + this.connection + "/sync/", "");
		assertThat(synced.status()).as(synced.toString()).isEqualTo(200);
		String message = synced.json().get("message").asString();
		assertThat(message).isNotEmpty();

		HttpResponse<String> withoutLogs = page("finance.connections.view").get(path());
		assertThat(withoutLogs.statusCode()).isEqualTo(200);
		assertThat(withoutLogs.body()).doesNotContain("sincronizacoes").doesNotContain("Consulta ao provedor");

		HttpResponse<String> withLogs = page("finance.connections.view", "finance.sync_logs.view").get(path());
		assertThat(withLogs.body()).contains("id=\"sincronizacoes\"").contains("Consulta ao provedor");
	}

}
