package br.suite.bills.costcentre;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/** An employee's cost centre, through the user API: checked by bills, kept once given. */
class EmployeeCostCentreApiTests extends ApiTest {

	@Test
	void anEmployeeCarriesAnActiveCostCentre() {
		long centre = centre();
		long inactive = centre();
		assertThat(this.api.patch("/api/finance/cost-centres/" + inactive + "/", json("active", false)).status())
			.isEqualTo(200);
		String username = unique("cc-user");
		Response created = this.api.post("/api/access/users/",
				json("username", username, "role_id", 1, "is_employee", true, "cost_centre_id", centre));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("cost_centre_id").asLong()).isEqualTo(centre);
		long id = created.id();
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("cost_centre_id").asLong())
			.isEqualTo(centre);
		assertThat(this.api.get("/api/access/users/?q=" + username).json().get(0).get("cost_centre_id").asLong())
			.isEqualTo(centre);

		// Refused: an unknown or inactive cost centre, a cost centre on a non-employee;
		// nothing written.
		for (Object refused : new Object[] { 999_999_999L, inactive }) {
			String other = unique("cc-user");
			Response answer = this.api.post("/api/access/users/",
					json("username", other, "role_id", 1, "is_employee", true, "cost_centre_id", refused));
			assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
			assertThat(answer.json().get("errors").propertyNames()).containsExactly("cost_centre_id");
			assertThat(this.api.get("/api/access/users/?q=" + other).json().size()).isZero();
		}
		String notEmployee = unique("cc-user");
		Response refusedUser = this.api.post("/api/access/users/",
				json("username", notEmployee, "role_id", 1, "cost_centre_id", centre));
		assertThat(refusedUser.status()).isEqualTo(400);
		assertThat(refusedUser.json().get("errors").get("cost_centre_id").get(0).asString()).contains("employee");
		Response wrongType = this.api.patch("/api/access/users/" + id + "/", json("cost_centre_id", "CC-1"));
		assertThat(wrongType.status()).isEqualTo(400);
		assertThat(wrongType.json().get("errors").has("cost_centre_id")).isTrue();
		Response toInactive = this.api.patch("/api/access/users/" + id + "/", json("cost_centre_id", inactive));
		assertThat(toInactive.status()).isEqualTo(400);
		assertThat(toInactive.json().get("errors").get("cost_centre_id").get(0).asString()).contains("inactive");
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("cost_centre_id").asLong())
			.isEqualTo(centre);

		// Deactivating the cost centre keeps it on the employee; the whole record sent
		// back is accepted.
		assertThat(this.api.patch("/api/finance/cost-centres/" + centre + "/", json("active", false)).status())
			.isEqualTo(200);
		Response kept = this.api.patch("/api/access/users/" + id + "/",
				json("full_name", "Ana Custos", "is_employee", true, "cost_centre_id", centre));
		assertThat(kept.status()).as(kept.toString()).isEqualTo(200);
		assertThat(kept.json().get("cost_centre_id").asLong()).isEqualTo(centre);
		Response cleared = this.api.patch("/api/access/users/" + id + "/", json("cost_centre_id", null));
		assertThat(cleared.status()).isEqualTo(200);
		assertThat(cleared.json().get("cost_centre_id").isNull()).isTrue();
		assertThat(this.api.get("/api/audit/events/?action=access.user.updated&resource_id=" + id).json().size())
			.isEqualTo(2);

		// Who may: a user manager; a reader may not.
		Response reader = signedInWith("access.users.view").patch("/api/access/users/" + id + "/",
				json("cost_centre_id", null));
		assertThat(reader.status()).isEqualTo(403);
	}

	private long centre() {
		Response created = this.api.post("/api/finance/cost-centres/", json("code", unique("CC"), "name", "Centro"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

}
