package br.suite.timeclock;

import java.util.Base64;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: the comprovante of art. 79, for whoever reads punches and for employees' own
 * punches.
 */
public class ComprovanteApiTests extends ApiTest {

	public static String text(byte[] pdf) throws Exception {
		try (PDDocument document = Loader.loadPDF(pdf)) {
			return new PDFTextStripper().getText(document);
		}
	}

	long establishment() {
		return this.api.post("/api/timeclock/establishments/",
				json("name", "Padaria São João Ltda", "employer_document", "11222333000181", "cei_caepf_cno",
						"51234567890123", "address", "Rua das Flores, 12 - Recife/PE", "time_zone", "America/Recife"))
			.id();
	}

	/** An employee who can sign in with the given permissions: [user id, token]. */
	Object[] employee(String name, String cpf, long establishment, String... permissions) {
		String list = permissions.length == 0 ? "" : "\"" + String.join("\",\"", permissions) + "\"";
		long role = this.api
			.post("/api/access/roles/", "{\"name\":\"" + unique("role") + "\",\"permissions\":[" + list + "]}")
			.id();
		String username = unique("emp");
		Response user = this.api.post("/api/access/users/", json("username", username, "full_name", name, "is_employee",
				true, "role_id", role, "cpf", cpf, "establishment_id", establishment));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return new Object[] { user.id(), this.api.signIn(username, user.json().get("temporary_password").asString()) };
	}

	Response punch(long employee) {
		Response punched = this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				employee, "snapshot_base64", Base64.getEncoder().encodeToString(FacePhotos.noFace())));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		return punched;
	}

	@Test
	void theComprovantePdfAndJsonCarryEveryItemOfArticle79() throws Exception {
		long store = establishment();
		String cpf = RepApiTests.cpf();
		long employee = (long) employee("Joana Araújo", cpf, store)[0];
		JsonNode punch = punch(employee).json();

		Response pdf = this.api.get("/api/timeclock/punches/" + punch.get("id").asLong() + "/comprovante/");
		assertThat(pdf.status()).as(pdf.toString()).isEqualTo(200);
		assertThat(pdf.contentType()).isEqualTo("application/pdf");
		// No signing key configured here: the PDF is not signed (AfdSignatureApiTests has
		// a key).
		try (org.apache.pdfbox.pdmodel.PDDocument document = org.apache.pdfbox.Loader.loadPDF(pdf.bytes())) {
			assertThat(document.getSignatureDictionaries()).isEmpty();
		}
		String text = text(pdf.bytes());
		String local = punch.get("occurred_at_local").asString();
		assertThat(text).contains("Comprovante de Registro de Ponto do Trabalhador",
				"NSR: " + String.format("%09d", punch.get("nsr").asLong()), "Padaria São João Ltda",
				"11.222.333/0001-81", "51234567890123", "Rua das Flores, 12 - Recife/PE", "Joana Araújo",
				RepApiTests.masked(cpf), local, "Registro no INPI do REP-P", punch.get("afd_hash").asString());
		assertThat(local).endsWith("-03:00");

		Response json = this.api.send("GET", "/api/timeclock/punches/" + punch.get("id").asLong() + "/comprovante/",
				null, null, "Accept", "application/json");
		assertThat(json.contentType()).startsWith("application/json");
		JsonNode c = json.json();
		assertThat(c.get("title").asString()).isEqualTo("Comprovante de Registro de Ponto do Trabalhador");
		assertThat(c.get("nsr").asLong()).isEqualTo(punch.get("nsr").asLong());
		assertThat(c.get("employer_name").asString()).isEqualTo("Padaria São João Ltda");
		assertThat(c.get("employer_document").asString()).isEqualTo("11222333000181");
		assertThat(c.get("establishment_address").asString()).isEqualTo("Rua das Flores, 12 - Recife/PE");
		assertThat(c.get("employee_name").asString()).isEqualTo("Joana Araújo");
		assertThat(c.get("employee_cpf").asString()).isEqualTo(cpf);
		assertThat(c.get("occurred_at").asString()).isEqualTo(local);
		assertThat(c.has("inpi_registration")).isTrue();
		assertThat(c.get("hash").asString()).isEqualTo(punch.get("afd_hash").asString()).matches("[0-9a-f]{64}");
		assertThat(this.api.get("/api/timeclock/punches/999999999/comprovante/").status()).isEqualTo(404);
	}

	@Test
	void employeesDownloadTheirOwnComprovantesAndNoOneElses() throws Exception {
		long store = establishment();
		Object[] ana = employee("Ana Própria", RepApiTests.cpf(), store, "timeclock.own.view");
		Object[] beto = employee("Beto Alheio", RepApiTests.cpf(), store, "timeclock.own.view");
		long own = punch((long) ana[0]).id();
		long others = punch((long) beto[0]).id();
		Api asAna = this.api.as((String) ana[1]);

		Response mine = asAna.get("/api/timeclock/me/punches/");
		assertThat(mine.status()).as(mine.toString()).isEqualTo(200);
		assertThat(mine.json().isArray()).isTrue();
		assertThat(mine.json().findValues("id").stream().map(JsonNode::asLong).toList()).containsExactly(own);
		assertThat(mine.json().get(0).get("recognition_distance").isNull()).isTrue();
		assertThat(asAna.get("/api/timeclock/me/punches/?days=0").json().get("errors").has("days")).isTrue();

		Response pdf = asAna.get("/api/timeclock/me/punches/" + own + "/comprovante/");
		assertThat(pdf.status()).isEqualTo(200);
		assertThat(text(pdf.bytes())).contains("Ana Própria");
		Response foreign = asAna.get("/api/timeclock/me/punches/" + others + "/comprovante/");
		assertThat(foreign.status()).isEqualTo(404);
		assertThat(foreign.body()).doesNotContain("Beto");
		// Own access is no access to everyone's punches.
		assertThat(asAna.get("/api/timeclock/punches/" + others + "/comprovante/").status()).isEqualTo(403);
		assertThat(asAna.get("/api/timeclock/punches/" + others + "/").status()).isEqualTo(403);

		Api noOwn = signedInWith("timeclock.punches.register");
		assertThat(noOwn.get("/api/timeclock/me/punches/").status()).isEqualTo(403);
		assertThat(noOwn.get("/api/timeclock/me/punches/" + own + "/comprovante/").status()).isEqualTo(403);
	}

}
