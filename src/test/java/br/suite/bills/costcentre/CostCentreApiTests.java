package br.suite.bills.costcentre;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

class CostCentreApiTests extends ApiTest {

	@Test
	void createsChangesAndDeactivatesACostCentre() {
		String code = unique("CC");
		Response created = this.api.post("/api/finance/cost-centres/", json("code", code, "name", " Loja Centro "));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().propertyNames()).containsExactlyInAnyOrder("id", "code", "name", "active",
				"created_at", "updated_at");
		assertThat(created.json().get("name").asString()).isEqualTo("Loja Centro");
		long id = created.id();
		Response patched = this.api.patch("/api/finance/cost-centres/" + id + "/", json("active", false));
		assertThat(patched.status()).isEqualTo(200);
		assertThat(patched.json().get("active").asBoolean()).isFalse();
		assertThat(this.api.get("/api/finance/cost-centres/?active=false&q=" + code).json().size()).isEqualTo(1);
		assertThat(
				this.api.get("/api/audit/events/?action=finance.cost_centre.created&resource_id=" + id).json().size())
			.isEqualTo(1);

		Response taken = this.api.post("/api/finance/cost-centres/", json("code", code, "name", "Outro"));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.json().get("existing_id").asLong()).isEqualTo(id);
		Response blank = this.api.post("/api/finance/cost-centres/", json("code", unique("CC"), "name", " "));
		assertThat(blank.status()).isEqualTo(400);
		assertThat(blank.json().get("errors").has("name")).isTrue();
		assertThat(signedInWith("finance.cost_centres.view")
			.post("/api/finance/cost-centres/", json("code", unique("CC"), "name", "x"))
			.status()).isEqualTo(403);
	}

}
