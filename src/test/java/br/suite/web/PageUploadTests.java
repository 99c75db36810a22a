package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * The pages that carry an upload take the API's limit, not the 1 MiB of a JSON body: a
 * kiosk punch with a large snapshot is registered, and the import wizard takes a
 * statement over 1 MiB while keeping none of it in the session (sessions are rows in
 * {@code web_session_attributes}, read on every request).
 */
class PageUploadTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	private record Person(long id, String username, String password) {
	}

	private Person person(String fullName, boolean employee, String... permissions) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of(permissions)));
		String username = unique("upload");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", fullName, "role_id", role.id(), "is_employee", employee));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		return new Person(user.id(), username, chosen);
	}

	/** A JPEG of noise (noise does not compress), at least {@code minimum} bytes. */
	static byte[] largeJpeg(int minimum) throws Exception {
		Random random = new Random(7);
		for (int side = 900;; side += 200) {
			BufferedImage image = new BufferedImage(side, side * 3 / 4, BufferedImage.TYPE_INT_RGB);
			for (int y = 0; y < image.getHeight(); y++) {
				for (int x = 0; x < image.getWidth(); x++) {
					image.setRGB(x, y, random.nextInt(0x1000000));
				}
			}
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			ImageIO.write(image, "jpeg", out);
			if (out.size() >= minimum) {
				return out.toByteArray();
			}
		}
	}

	@Test
	void aKioskPunchWithASnapshotOverOneMebibyteIsRegistered() throws Exception {
		Person kiosk = person("Quiosque Grande", false, "timeclock.punches.register");
		Person worker = person("Rita Foto Grande", true);
		// Over 2 MiB once form-encoded: beyond the old 1 MiB page limit and Tomcat's
		// default 2 MB form limit, well under the API's ~11.7 MiB.
		byte[] jpeg = largeJpeg(1_700_000);
		String snapshot = "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(jpeg);
		assertThat(snapshot.length()).isGreaterThan(2 * 1024 * 1024);

		PageClient tablet = new PageClient(this.api.base());
		tablet.signIn(kiosk.username(), kiosk.password());
		assertThat(tablet.get("/kiosk/").statusCode()).isEqualTo(200);
		HttpResponse<String> punch = tablet.post("/kiosk/punch", Map.of("employee_id", Long.toString(worker.id()),
				"event_type", "entrada", "snapshot", snapshot, "camera", "ok", "idempotency_key", unique("grande")));

		assertThat(punch.statusCode()).as(punch.body()).isEqualTo(200);
		assertThat(punch.body()).contains("id=\"resultado-nsr\"").doesNotContain("resultado erro");
		Api.Response punches = this.api.get("/api/timeclock/punches/?employee_id=" + worker.id());
		assertThat(punches.json()).hasSize(1);
		long punchId = punches.json().get(0).get("id").asLong();
		// The snapshot stored is the one sent, byte for byte.
		assertThat(this.jdbc.sql("SELECT snapshot FROM timeclock_punch WHERE id = :id")
			.param("id", punchId)
			.query(byte[].class)
			.single()).isEqualTo(jpeg);
	}

	@Test
	void aRefusedKioskPunchSaysWhyWithoutTheApisFieldNames() {
		Person kiosk = person("Quiosque Recusa", false, "timeclock.punches.register");
		Person worker = person("Rita Recusada", true);
		PageClient tablet = new PageClient(this.api.base());
		tablet.signIn(kiosk.username(), kiosk.password());
		assertThat(tablet.get("/kiosk/").statusCode()).isEqualTo(200);
		HttpResponse<String> refused = tablet.post("/kiosk/punch", Map.of("employee_id", Long.toString(worker.id()),
				"event_type", "almoco", "snapshot", "", "camera", "none", "idempotency_key", unique("recusa")));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("resultado erro", "Escolha o evento da marcação.")
			.doesNotContain("event_type:");
	}

	@Test
	void theImportWizardSaysWhyAFileIsRefusedInPortuguese() {
		Person clerk = person("Lúcia Arquivo Recusado", false, "imports.csv.prepare", "imports.csv.confirm");
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(clerk.username(), clerk.password());
		assertThat(pages.get("/app/import/").statusCode()).isEqualTo(200);
		byte[] deep = ("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n\r\n<OFX>" + "<A>".repeat(2000)
				+ "</A>".repeat(2000) + "</OFX>")
			.getBytes(StandardCharsets.US_ASCII);
		HttpResponse<String> refused = pages.postMultipart("/app/import/", Map.of("provider", "csv", "account_id", ""),
				"file", "extrato.ofx", deep);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("aninham mais de 64 níveis")
			.doesNotContain("Envie um arquivo válido")
			.doesNotContain("Exception");
	}

	@Test
	void theImportWizardTakesALargeStatementAndKeepsNoneOfItInTheSession() {
		Person clerk = person("Lúcia Extrato Grande", false, "imports.csv.prepare", "imports.csv.confirm");
		String provider = "csv" + Long.toString(System.nanoTime(), 36);
		StringBuilder csv = new StringBuilder("Data;Histórico;Valor\n");
		int lines = 0;
		while (csv.length() < 1_300_000) {
			lines++;
			csv.append(String.format("%02d/03/2026;Pix recebido - Cliente número %06d da Padaria Pão Quente;%d,%02d%n",
					1 + lines % 28, lines, 10 + lines % 900, lines % 100));
		}
		byte[] file = csv.toString().getBytes(StandardCharsets.UTF_8);
		assertThat(file.length).isGreaterThan(1024 * 1024);

		PageClient pages = new PageClient(this.api.base());
		pages.signIn(clerk.username(), clerk.password());
		assertThat(pages.get("/app/import/").statusCode()).isEqualTo(200);
		HttpResponse<String> prepared = pages.postMultipart("/app/import/",
				Map.of("provider", provider, "account_id", "0001-99"), "file", "extrato-grande.csv", file);
		assertThat(prepared.statusCode()).as(prepared.body()).isEqualTo(302);
		assertThat(PageClient.location(prepared))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/app/import/preview"));
		HttpResponse<String> preview = pages.get("/app/import/preview");
		assertThat(preview.statusCode()).isEqualTo(200);
		assertThat(preview.body()).contains("extrato-grande.csv").contains(Integer.toString(lines));

		// What the session holds, attribute by attribute: a reference to the prepared
		// import, never its rows (before, ~3 MiB here, read and written on every
		// request).
		List<Integer> sizes = this.jdbc.sql("""
				SELECT length(a.attribute_bytes) FROM web_session_attributes a
				JOIN web_session s ON s.primary_id = a.session_primary_id
				WHERE s.principal_name = :id""").param("id", Long.toString(clerk.id())).query(Integer.class).list();
		assertThat(sizes).isNotEmpty();
		assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isLessThan(16 * 1024);

		HttpResponse<String> confirmed = pages.post("/app/import/confirm", Map.of());
		assertThat(confirmed.statusCode()).as(confirmed.body()).isEqualTo(200);
		assertThat(confirmed.body()).contains("id=\"inseridas\">" + lines + "<");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider + "&limit=1").header("X-Total-Count"))
			.hasValue(Integer.toString(lines));
		// Confirmed: the prepared import is gone, and the preview sends back to the
		// upload.
		assertThat(PageClient.location(pages.get("/app/import/preview")))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/app/import/"));
	}

}
