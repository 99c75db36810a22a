package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.http.ExpensiveCalls;
import br.suite.shared.http.RateLimited;
import br.suite.shared.documents.TaxId;

/**
 * Expensive calls are limited per user and kind: the call beyond the limit answers 429
 * with Retry-After and does nothing. The limit is lowered on the running service (the
 * shared test context raises it for every other test) for users of these tests' own.
 */
class RateLimitApiTests extends ApiTest {

	@Autowired
	ExpensiveCalls limits;

	@Autowired
	JdbcClient jdbc;

	@Test
	void theCallBeyondAUsersLimitOfExportsIs429WithRetryAfterAndRecordsNoGeneration() {
		long store = storeWithAPunch();
		String afd = "/api/timeclock/afd/?establishment_id=" + store;
		Api clerk = signedInWith("timeclock.afd.export");
		long previous = this.limits.capacity(RateLimited.Kind.EXPORTS, 2);
		try {
			for (int i = 0; i < 2; i++) {
				Response file = clerk.get(afd);
				assertThat(file.status()).as(file.toString()).isEqualTo(200);
			}
			long generations = generations(store);
			assertThat(generations).isPositive();

			Response refused = clerk.get(afd);
			assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(Long.parseLong(refused.header("Retry-After").orElseThrow())).isBetween(1L, 60L);
			assertThat(refused.json().path("status").asInt()).isEqualTo(429);
			assertThat(refused.json().path("retry_after_seconds").asLong()).isPositive();
			// The AEJ shares the kind; the refused calls generated nothing.
			Response aej = clerk
				.get("/api/timeclock/aej/?establishment_id=" + store + "&date_from=2026-01-01&date_to=2026-01-31");
			assertThat(aej.status()).as(aej.toString()).isEqualTo(429);
			assertThat(generations(store)).isEqualTo(generations);

			// Per user: another user's exports go on.
			Response other = this.api.get(afd);
			assertThat(other.status()).as(other.toString()).isEqualTo(200);
		}
		finally {
			this.limits.capacity(RateLimited.Kind.EXPORTS, previous);
		}
	}

	@Test
	void aCallerWithoutThePermissionIsRefusedWithoutUsingUpTheLimitAndOtherKindsAreLimitedAlike() {
		Api stranger = signedInWith();
		Api finance = signedInWith("finance.reconciliation.change");
		String run = "{\"date_from\":\"2026-10-01\",\"date_to\":\"2026-10-31\",\"account_id\":\"" + unique("conta")
				+ "\"}";
		long previous = this.limits.capacity(RateLimited.Kind.RECONCILIATION, 1);
		try {
			assertThat(stranger.post("/api/finance/reconciliation/run/", run).status()).isEqualTo(403);
			assertThat(stranger.post("/api/finance/reconciliation/run/", run).status()).isEqualTo(403);
			Response first = finance.post("/api/finance/reconciliation/run/", run);
			assertThat(first.status()).as(first.toString()).isEqualTo(200);
			Response second = finance.post("/api/finance/reconciliation/run/", run);
			assertThat(second.status()).as(second.toString()).isEqualTo(429);
			assertThat(second.header("Retry-After")).isPresent();
		}
		finally {
			this.limits.capacity(RateLimited.Kind.RECONCILIATION, previous);
		}
	}

	private long generations(long store) {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_afd_generation WHERE establishment_id = :id")
			.param("id", store)
			.query(Long.class)
			.single();
	}

	private long storeWithAPunch() {
		String base = String.format(java.util.Locale.ROOT, "%012d", System.nanoTime() % 1_000_000_000_000L);
		Response created = this.api.post("/api/timeclock/establishments/",
				json("name", unique("Loja Limitada"), "employer_document", base + TaxId.cnpjCheckDigits(base),
						"address", "Rua A, 1", "time_zone", "America/Sao_Paulo"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		Response user = this.api.post("/api/access/users/", json("username", unique("limite"), "full_name", "Davi",
				"is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf(), "establishment_id", created.id()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		Response punched = this.api.post("/api/timeclock/punch/register/",
				json("event_type", "entrada", "employee_id", user.id(), "snapshot_base64",
						Base64.getEncoder().encodeToString(FacePhotos.noFace()), "source", "browser"));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		return created.id();
	}

}
