package br.suite.timeclock.legalfiles;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.Api;
import br.suite.ApiTest;
import br.suite.timeclock.Afd;
import br.suite.timeclock.AfdReader;
import br.suite.timeclock.FacePhotos;
import br.suite.timeclock.RepApiTests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 14: the AFD, checked by {@link AfdReader}, which shares no code with the
 * exporter.
 */
class AfdApiTests extends ApiTest {

	@Test
	void theIndependentReaderAcceptsThePublicReferenceFileAndTheExporterReproducesItsVectors() {
		AfdReader.Content content = AfdReader.read(AfdReader.REFERENCE, "");
		assertThat(content.punches()).hasSize(4);
		assertThat(content.version()).isEqualTo("004");
		assertThat(AfdReader.kermit("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo("2189");
		// The reader refuses a broken CRC and a broken chain, so its acceptance above
		// means something.
		List<String> badCrc = new java.util.ArrayList<>(AfdReader.REFERENCE);
		badCrc.set(0, badCrc.get(0).replace("EMPRESA TESTE", "EMPRESA TESTF"));
		assertThatThrownBy(() -> AfdReader.read(badCrc, "")).hasMessageContaining("CRC");
		List<String> badChain = new java.util.ArrayList<>(AfdReader.REFERENCE);
		badChain.set(5, badChain.get(5).replace("T12:00:00", "T12:01:00"));
		assertThatThrownBy(() -> AfdReader.read(badChain, "")).hasMessageContaining("hash chain");
		assertThatThrownBy(() -> AfdReader.read(AfdReader.REFERENCE, "0".repeat(64)))
			.hasMessageContaining("hash chain");

		// The exporter's own functions against the reference's lines and vectors.
		for (String line : AfdReader.REFERENCE.subList(0, 4)) {
			assertThat(Afd.crc16(line.substring(0, line.length() - 4))).isEqualTo(line.substring(line.length() - 4));
		}
		String p1 = "00000000172026-10-01T08:00:00-03000111222333442026-10-01T08:00:00-0300020";
		String h1 = Afd.punchHash(p1, "");
		assertThat(h1).isEqualTo("66b3207ad70ad16c6b62b7f2b4f03291e407d1dc008c9ca41bf5af467822094f");
		assertThat(Afd.punchHash("00000000272026-10-01T12:00:00-03000111222333442026-10-01T12:00:00-0300020", h1))
			.isEqualTo("b3a4079d9a7431ddef644765f8ae8790ba7d66716664afe1f55130d2fac9fa69");
		assertThat(Afd.punchFields(1, java.time.Instant.parse("2026-10-01T11:00:59Z"), "11122233344",
				java.time.Instant.parse("2026-10-01T11:00:30Z"), ZoneId.of("America/Sao_Paulo"), "browser", false))
			.isEqualTo(p1);
	}

	long establishment(String name, String document, String zone) {
		Response created = this.api.post("/api/timeclock/establishments/", json("name", name, "employer_document",
				document, "address", "Av. " + name + ", 10", "time_zone", zone));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	long employee(String name, String cpf, long establishment) {
		Response user = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name", name,
				"is_employee", true, "role_id", 1, "cpf", cpf, "establishment_id", establishment));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	Response punch(long employee, String type, String source) {
		Response punched = this.api.post("/api/timeclock/punch/register/",
				json("event_type", type, "employee_id", employee, "snapshot_base64",
						Base64.getEncoder().encodeToString(FacePhotos.noFace()), "source", source));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		return punched;
	}

	@Test
	void theAfdOfTwoEstablishmentsInTwoZonesPassesTheIndependentReader() {
		long saoPaulo = establishment("Comercio Paulista Ltda", "11.222.333/0001-81", "America/Sao_Paulo");
		long manaus = establishment("Comércio Amazonense Ltda", "529.982.247-25", "America/Manaus");
		String cpfA = RepApiTests.cpf();
		String cpfB = RepApiTests.cpf();
		long ana = employee("Ana", cpfA, saoPaulo);
		long bia = employee("Bia", cpfB, manaus);
		punch(ana, "entrada", "browser");
		punch(bia, "entrada", "mobile_app");
		punch(ana, "saida", "device");
		Response offline = this.api.post("/api/timeclock/punch/register/", json("event_type", "saida", "employee_id",
				bia, "offline", true, "occurred_at", java.time.OffsetDateTime.now().minusHours(3).toString()));
		assertThat(offline.status()).as(offline.toString()).isEqualTo(201);

		Response first = this.api.get("/api/timeclock/afd/?establishment_id=" + saoPaulo);
		assertThat(first.status()).as(first.toString()).isEqualTo(200);
		assertThat(first.contentType()).isEqualToIgnoringWhitespace("text/plain;charset=ISO-8859-1");
		assertThat(first.header("Content-Disposition").orElseThrow()).contains("attachment")
			.contains("AFD11222333000181REP_P.txt");
		AfdReader.Content sp = AfdReader.read(first.bytes(), "");
		assertThat(sp.employerType()).isEqualTo("1");
		assertThat(sp.employerDocument()).isEqualTo("11222333000181");
		assertThat(sp.name()).isEqualTo("Comercio Paulista Ltda");
		assertThat(sp.version()).isEqualTo("003");
		// Employer (type 2) at creation, Ana's inclusion (type 5) when she got her CPF
		// there, then her punches.
		assertThat(sp.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '5', '7', '7');
		assertThat(sp.entries()).extracting(AfdReader.Entry::nsr).containsExactly(1L, 2L, 3L, 4L);
		assertThat(sp.employees()).singleElement().satisfies(e -> {
			assertThat(e.operation()).isEqualTo('I');
			assertThat(e.cpf()).isEqualTo("0" + cpfA);
			assertThat(e.name()).isEqualTo("Ana");
		});
		assertThat(sp.punches()).extracting(AfdReader.Punch::cpf).containsOnly("0" + cpfA);
		assertThat(sp.punches()).extracting(AfdReader.Punch::collector).containsExactly("02", "04");
		assertThat(sp.punches()).allSatisfy(p -> assertThat(p.punchedAt()).endsWith("-0300"));
		assertThat(sp.generatedAt()).endsWith("-0300");
		String today = LocalDate.now(ZoneId.of("America/Sao_Paulo")).toString();
		assertThat(sp.firstDate()).isEqualTo(today);

		Response second = this.api.get("/api/timeclock/afd/?establishment_id=" + manaus);
		AfdReader.Content am = AfdReader.read(second.bytes(), "");
		assertThat(am.employerType()).isEqualTo("2");
		assertThat(am.employerDocument()).isEqualTo("52998224725");
		assertThat(am.name()).isEqualTo("Comércio Amazonense Ltda");
		assertThat(new String(second.bytes(), StandardCharsets.ISO_8859_1)).contains("Comércio");
		assertThat(am.punches()).hasSize(2);
		assertThat(am.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '5', '7', '7');
		assertThat(am.employers()).singleElement().satisfies(e -> {
			assertThat(e.documentType()).isEqualTo('2');
			assertThat(e.document()).isEqualTo("52998224725");
			assertThat(e.name()).isEqualTo("Comércio Amazonense Ltda");
			assertThat(e.recordedAt()).endsWith("-0400");
		});
		assertThat(am.punches()).allSatisfy(p -> assertThat(p.punchedAt()).endsWith("-0400"));
		assertThat(am.punches().get(1).offline()).isEqualTo('1');
		assertThat(am.punches().get(1).punchedAt()).isNotEqualTo(am.punches().get(1).recordedAt());
		assertThat(am.punches().get(0).offline()).isEqualTo('0');

		// The punch's response and the file carry the same hash, fixed when it was
		// recorded.
		assertThat(offline.json().get("afd_hash").asString()).isEqualTo(am.punches().get(1).hash());

		// A later period continues the chain: its first link verifies against the earlier
		// file's last hash.
		punch(ana, "entrada", "browser");
		Response later = this.api
			.get("/api/timeclock/afd/?establishment_id=" + saoPaulo + "&date_from=" + today + "&date_to=" + today);
		assertThat(AfdReader.read(later.bytes(), "").punches()).hasSize(3);
	}

	@Test
	void theSameGenerationTimeGivesTheSameBytes() {
		long store = establishment("Loja Repetida", "12345678000195", "America/Sao_Paulo");
		punch(employee("Caio", RepApiTests.cpf(), store), "entrada", "browser");
		Response first = this.api.get("/api/timeclock/afd/?establishment_id=" + store);
		String generatedAt = first.header(AfdController.GENERATED_AT).orElseThrow();
		Response again = this.api.get("/api/timeclock/afd/?establishment_id=" + store + "&generated_at=" + generatedAt);
		assertThat(again.bytes()).isEqualTo(first.bytes());
	}

	@Test
	void employeesWithoutCpfAreListedUnlessIncompleteFilesAreAllowed() {
		long store = establishment("Loja Sem Cpf", "98765432000198", "America/Sao_Paulo");
		Response user = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name",
				"Sem Documento", "is_employee", true, "role_id", 1, "establishment_id", store));
		punch(user.id(), "entrada", "browser");
		Response refused = this.api.get("/api/timeclock/afd/?establishment_id=" + store);
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("rule").asString()).isEqualTo("employee_cpf_required");
		assertThat(refused.json().get("employees").get(0).get("id").asLong()).isEqualTo(user.id());
		assertThat(refused.json().get("employees").get(0).get("name").asString()).isEqualTo("Sem Documento");
		Response allowed = this.api.get("/api/timeclock/afd/?establishment_id=" + store + "&allow_incomplete=true");
		assertThat(allowed.status()).isEqualTo(200);
		assertThat(AfdReader.read(allowed.bytes(), "").punches().get(0).cpf()).isEqualTo("000000000000");
	}

	@Test
	void refusalsNameWhatIsMissing() {
		assertThat(this.api.get("/api/timeclock/afd/").json().get("errors").has("establishment_id")).isTrue();
		assertThat(this.api.get("/api/timeclock/afd/?establishment_id=999999")
			.json()
			.get("errors")
			.has("establishment_id")).isTrue();
		long store = establishment("Loja Datas", "11222333000181", "America/Sao_Paulo");
		Response backwards = this.api
			.get("/api/timeclock/afd/?establishment_id=" + store + "&date_from=2026-11-02&date_to=2026-11-01");
		assertThat(backwards.status()).isEqualTo(400);
		assertThat(backwards.json().get("errors").has("date_to")).isTrue();
		long noDocument = this.api.get("/api/timeclock/establishments/1/").json().get("employer_document").isNull() ? 1
				: -1;
		if (noDocument == 1) {
			Response conflict = this.api.get("/api/timeclock/afd/?establishment_id=1");
			assertThat(conflict.status()).isEqualTo(409);
			assertThat(conflict.json().get("rule").asString()).isEqualTo("employer_document_required");
		}
		Response unsigned = this.api.get("/api/timeclock/afd/signature/?establishment_id=" + store);
		assertThat(unsigned.status()).isEqualTo(503);
		assertThat(unsigned.json().get("rule").asString()).isEqualTo("afd_signature_not_configured");
		assertThat(unsigned.json().get("detail").asString()).contains("not configured");
		Api without = signedInWith("timeclock.punches.view", "timeclock.establishments.view");
		assertThat(without.get("/api/timeclock/afd/?establishment_id=" + store).status()).isEqualTo(403);
		assertThat(signedInWith("timeclock.afd.export").get("/api/timeclock/afd/?establishment_id=" + store).status())
			.isEqualTo(200);
	}

}
