package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.crypto.Sha256;

/** Issue 24 item 4: absences and their certificate (health data). */
class AbsenceApiTests extends ApiTest {

	static final byte[] PDF = "%PDF-1.4\n% atestado\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);

	long employee() {
		Response user = this.api.post("/api/access/users/", json("username", unique("aus"), "full_name", "Bia Ausente",
				"is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	@Test
	void anAbsenceWithItsCertificate() {
		long employee = employee();
		Response created = this.api.post("/api/timeclock/absences/", json("employee_id", employee, "date_from",
				"2026-03-12", "date_to", "2026-03-13", "kind", "atestado", "note", "CID omitido"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("justified").asBoolean()).isTrue();
		assertThat(created.json().get("has_certificate").asBoolean()).isFalse();
		long id = created.id();

		Response attached = this.api.sendBytes("PUT", "/api/timeclock/absences/" + id + "/certificate/", PDF,
				"application/pdf");
		assertThat(attached.status()).as(attached.toString()).isEqualTo(200);
		assertThat(attached.json().get("has_certificate").asBoolean()).isTrue();
		assertThat(attached.json().get("certificate_content_type").asString()).isEqualTo("application/pdf");
		assertThat(attached.json().get("certificate_sha256").asString()).isEqualTo(Sha256.hex(PDF));

		Response file = this.api.get("/api/timeclock/absences/" + id + "/certificate/");
		assertThat(file.status()).isEqualTo(200);
		assertThat(file.contentType()).isEqualTo("application/pdf");
		assertThat(file.bytes()).isEqualTo(PDF);
		assertThat(this.api.get("/api/audit/events/?action=timeclock.absence.certificate_read&resource_id=" + id)
			.json()
			.size()).isEqualTo(1);

		Response listed = this.api
			.get("/api/timeclock/absences/?employee_id=" + employee + "&from=2026-03-13&to=2026-03-31");
		assertThat(listed.json().size()).isEqualTo(1);
		assertThat(listed.body()).doesNotContain("atestado\\n");
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + employee + "&from=2026-03-14").json().size())
			.isZero();

		Response overlap = this.api.post("/api/timeclock/absences/",
				json("employee_id", employee, "date_from", "2026-03-13", "date_to", "2026-03-20", "kind", "ferias"));
		assertThat(overlap.status()).isEqualTo(409);
		assertThat(overlap.json().get("code").asString()).isEqualTo("absence_overlaps");
		assertThat(overlap.json().get("existing_id").asLong()).isEqualTo(id);

		assertThat(this.api.delete("/api/timeclock/absences/" + id + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/timeclock/absences/" + id + "/").status()).isEqualTo(404);
	}

	@Test
	void theCertificateHasItsOwnPermission() {
		long employee = employee();
		long id = this.api
			.post("/api/timeclock/absences/",
					json("employee_id", employee, "date_from", "2026-04-01", "date_to", "2026-04-01", "kind",
							"atestado"))
			.id();
		byte[] png = Arrays.copyOf(new byte[] { (byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a }, 32);
		assertThat(
				this.api.sendBytes("PUT", "/api/timeclock/absences/" + id + "/certificate/", png, "image/png").status())
			.isEqualTo(200);
		Api hr = this.api.signedInWith("timeclock.absences.view", "timeclock.absences.change");
		assertThat(hr.get("/api/timeclock/absences/" + id + "/").status()).isEqualTo(200);
		assertThat(hr.get("/api/timeclock/absences/" + id + "/certificate/").status()).isEqualTo(403);
		Api doctor = this.api.signedInWith("timeclock.certificates.view");
		Response read = doctor.get("/api/timeclock/absences/" + id + "/certificate/");
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.contentType()).isEqualTo("image/png");
		assertThat(this.api.signedInWith("timeclock.punches.view").get("/api/timeclock/absences/").status())
			.isEqualTo(403);
	}

	@Test
	void badInputIsA400NamingTheFieldAndChangesNothing() {
		long employee = employee();
		Response missing = this.api.post("/api/timeclock/absences/", json("kind", "doente"));
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").has("employee_id")).isTrue();
		assertThat(missing.json().get("errors").has("date_from")).isTrue();
		assertThat(missing.json().get("errors").has("date_to")).isTrue();
		assertThat(missing.json().get("errors").has("kind")).isTrue();
		Response backwards = this.api.post("/api/timeclock/absences/",
				json("employee_id", employee, "date_from", "2026-05-10", "date_to", "2026-05-09", "kind", "falta"));
		assertThat(backwards.json().get("errors").has("date_to")).isTrue();
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + employee).json().size()).isZero();

		long id = this.api
			.post("/api/timeclock/absences/",
					json("employee_id", employee, "date_from", "2026-05-11", "date_to", "2026-05-11", "kind", "falta"))
			.id();
		Response notAFile = this.api.sendBytes("PUT", "/api/timeclock/absences/" + id + "/certificate/",
				"<html>not a certificate</html>".getBytes(StandardCharsets.UTF_8), "application/pdf");
		assertThat(notAFile.status()).isEqualTo(400);
		assertThat(notAFile.json().get("errors").has("certificate")).isTrue();
		assertThat(this.api.get("/api/timeclock/absences/" + id + "/").json().get("has_certificate").asBoolean())
			.isFalse();
		assertThat(this.api.get("/api/timeclock/absences/" + id + "/certificate/").status()).isEqualTo(404);
	}

}
