package br.suite.timeclock.legalfiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.timeclock.AfdReader;
import br.suite.timeclock.FacePhotos;
import br.suite.timeclock.RepApiTests;

/**
 * The AFD header's generation time is the server's: a client cannot have a file (and so
 * its signature) dated when it likes.
 */
class AfdGenerationTimeApiTests extends ApiTest {

	private static final DateTimeFormatter DH = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:00xx", Locale.ROOT);

	private static final ZoneId SAO_PAULO = ZoneId.of("America/Sao_Paulo");

	@Test
	void aBackdatedGenerationTimeIsRefusedAndTheHeaderCarriesTheServersTime() {
		long store = store();
		String query = "/api/timeclock/afd/?establishment_id=" + store;

		Response backdated = this.api.get(query + "&generated_at=2020-01-01T09:00:00-03:00");
		assertThat(backdated.status()).as(backdated.toString()).isEqualTo(400);
		assertThat(backdated.body()).contains("generated_at");
		Response backdatedSignature = this.api
			.get("/api/timeclock/afd/signature/?establishment_id=" + store + "&generated_at=2020-01-01T09:00:00Z");
		assertThat(backdatedSignature.status()).as(backdatedSignature.toString()).isEqualTo(400);

		Instant before = Instant.now();
		Response file = this.api.get(query);
		Instant after = Instant.now();
		assertThat(file.status()).as(file.toString()).isEqualTo(200);
		Instant generated = Instant.parse(file.header(AfdController.GENERATED_AT).orElseThrow());
		assertThat(generated).isBetween(before.minusMillis(1), after);
		assertThat(AfdReader.read(file.bytes(), "").generatedAt()).isIn(
				DH.format(before.truncatedTo(ChronoUnit.MINUTES).atZone(SAO_PAULO)),
				DH.format(after.truncatedTo(ChronoUnit.MINUTES).atZone(SAO_PAULO)));

		// The time the server gave, with the same parameters, gives the same bytes again
		// (how the .p7s of a downloaded file is fetched); with other parameters it is
		// refused.
		Response again = this.api.get(query + "&generated_at=" + generated);
		assertThat(again.status()).as(again.toString()).isEqualTo(200);
		assertThat(again.bytes()).isEqualTo(file.bytes());
		assertThat(this.api.get(query + "&date_from=2026-01-01&generated_at=" + generated).status()).isEqualTo(400);

		// Once the file's content changed, its old time no longer gives a file.
		punch(this.employee, "saida");
		Response changed = this.api.get(query + "&generated_at=" + generated);
		assertThat(changed.status()).as(changed.toString()).isEqualTo(409);
		assertThat(changed.body()).contains("afd_changed");
	}

	private long employee;

	private long store() {
		String base = String.format("%012d", System.nanoTime() % 1_000_000_000_000L);
		Response created = this.api.post("/api/timeclock/establishments/",
				json("name", unique("Loja Datada"), "employer_document",
						base + br.suite.shared.documents.TaxId.cnpjCheckDigits(base), "address", "Rua A, 1",
						"time_zone", "America/Sao_Paulo"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		Response user = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name", "Davi",
				"is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf(), "establishment_id", created.id()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		this.employee = user.id();
		punch(this.employee, "entrada");
		return created.id();
	}

	private void punch(long employee, String type) {
		Response punched = this.api.post("/api/timeclock/punch/register/",
				json("event_type", type, "employee_id", employee, "snapshot_base64",
						Base64.getEncoder().encodeToString(FacePhotos.noFace()), "source", "browser"));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
	}

}
