package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.shared.http.ExpensiveCalls;
import br.suite.shared.http.RateLimited;

/**
 * A page beyond its user's limit of expensive calls answers the Portuguese 429 page with
 * Retry-After, not the API's problem details.
 */
class RateLimitPageTests extends ApiTest {

	@Autowired
	ExpensiveCalls limits;

	@Test
	void theEspelhoPageBeyondTheLimitAnswersThePortugueseTooManyPage() {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of("timeclock.punches.view")));
		String username = unique("espelho");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Rita Limite", "role_id", role.id()));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(username, chosen);
		long previous = this.limits.capacity(RateLimited.Kind.TIMESHEETS, 1);
		try {
			assertThat(pages.get("/app/timesheet/").statusCode()).isEqualTo(200);
			HttpResponse<String> refused = pages.get("/app/timesheet/");
			assertThat(refused.statusCode()).isEqualTo(429);
			assertThat(refused.headers().firstValue("Retry-After")).isPresent();
			assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
			assertThat(refused.body()).contains("Muitos pedidos seguidos").contains("Tente de novo em");
		}
		finally {
			this.limits.capacity(RateLimited.Kind.TIMESHEETS, previous);
		}
	}

}
