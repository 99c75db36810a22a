package br.suite.access;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Nobody manages a user whose role grants something they do not hold themselves. */
class UserAuthorityApiTests extends ApiTest {

	private long role(String... permissions) {
		Response created = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of(permissions)));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** A user in the role who chose the given password, with a token. */
	private record Person(long id, String username, String password, String token) {
	}

	private Person person(long roleId) {
		String username = unique("p");
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", roleId));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		String password = "Chosen-" + unique("pw");
		String token = this.api.signIn(username, created.json().get("temporary_password").asString(), password);
		return new Person(created.id(), username, password, token);
	}

	private static List<String> missing(Response refused) {
		List<String> names = new ArrayList<>();
		refused.json().get("missing_permissions").forEach(p -> names.add(p.asString()));
		return names;
	}

	@Test
	void aUserManagerCannotResetAnAdministratorsPassword() {
		Api manager = signedInWith("access.users.change", "access.users.view");
		Person boss = person(1);
		Response adminBefore = this.api.get("/api/access/users/1/");

		Response refused = manager.post("/api/access/users/1/reset-password/", "");
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(missing(refused)).containsExactly("*");
		assertThat(refused.json().get("detail").asString()).contains("do not hold", "*");
		assertThat(refused.body()).doesNotContain("temporary_password");

		Response refusedBoss = manager.post("/api/access/users/" + boss.id() + "/reset-password/", "");
		assertThat(refusedBoss.status()).isEqualTo(403);
		assertThat(refusedBoss.body()).doesNotContain("temporary_password");

		// Nothing changed: the administrators' tokens and passwords still work.
		assertThat(this.api.get("/api/access/users/1/").header("ETag")).isEqualTo(adminBefore.header("ETag"));
		assertThat(this.api.as(boss.token()).get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(this.api.as(this.api.token(boss.username(), boss.password())).get("/api/access/users/").status())
			.isEqualTo(200);
	}

	@Test
	void changingDeactivatingAndRevokingNeedEveryPermissionOfTheUsersRole() {
		long stronger = role("customers.clientes.view", "fins.records.view");
		long weaker = role("customers.clientes.view");
		Api manager = signedInWith("access.users.change", "access.users.view", "customers.clientes.view");
		Person target = person(stronger);
		JsonNode before = this.api.get("/api/access/users/" + target.id() + "/").json();

		Response patch = manager.patch("/api/access/users/" + target.id() + "/", json("department", "TI"));
		assertThat(patch.status()).isEqualTo(403);
		assertThat(missing(patch)).containsExactly("fins.records.view");
		assertThat(patch.json().get("detail").asString()).contains("fins.records.view");
		Response demote = manager.patch("/api/access/users/" + target.id() + "/", json("role_id", weaker));
		assertThat(demote.status()).isEqualTo(403);
		assertThat(missing(demote)).containsExactly("fins.records.view");
		assertThat(manager.delete("/api/access/users/" + target.id() + "/").status()).isEqualTo(403);
		assertThat(manager.delete("/api/access/users/" + target.id() + "/tokens/").status()).isEqualTo(403);
		assertThat(this.api.get("/api/access/users/" + target.id() + "/").json()).isEqualTo(before);
		assertThat(this.api.as(target.token()).get("/api/clientes/").status()).isEqualTo(200);

		// A user whose role the manager covers can be changed, deactivated and
		// reactivated.
		Person covered = person(weaker);
		assertThat(manager.patch("/api/access/users/" + covered.id() + "/", json("department", "TI")).status())
			.isEqualTo(200);
		assertThat(manager.delete("/api/access/users/" + covered.id() + "/").status()).isEqualTo(204);
		assertThat(manager.patch("/api/access/users/" + covered.id() + "/", json("status", "active")).status())
			.isEqualTo(200);
		// ...but not moved into a role granting more than the manager holds.
		Response promote = manager.patch("/api/access/users/" + covered.id() + "/", json("role_id", stronger));
		assertThat(promote.status()).isEqualTo(403);
		assertThat(missing(promote)).containsExactly("fins.records.view");
		assertThat(this.api.get("/api/access/users/" + covered.id() + "/").json().get("role_id").asLong())
			.isEqualTo(weaker);

		// Reactivating someone stronger is refused too.
		assertThat(this.api.delete("/api/access/users/" + target.id() + "/").status()).isEqualTo(204);
		Response reactivate = manager.patch("/api/access/users/" + target.id() + "/", json("status", "active"));
		assertThat(reactivate.status()).isEqualTo(403);
		assertThat(this.api.get("/api/access/users/" + target.id() + "/").json().get("status").asString())
			.isEqualTo("inactive");
	}

	@Test
	void nobodyResetsTheirOwnPasswordThroughTheAdministratorsRoute() {
		Response own = this.api.post("/api/access/users/1/reset-password/", "");
		assertThat(own.status()).isEqualTo(409);
		assertThat(own.json().get("detail").asString()).contains("POST /api/auth/password/");
		assertThat(own.body()).doesNotContain("temporary_password");
		assertThat(this.api.get("/api/access/users/1/").status()).isEqualTo(200);

		long role = role("access.users.change", "access.users.view");
		Person manager = person(role);
		Response self = this.api.as(manager.token()).post("/api/access/users/" + manager.id() + "/reset-password/", "");
		assertThat(self.status()).isEqualTo(409);
		assertThat(this.api.as(manager.token()).get("/api/access/users/").status()).isEqualTo(200);
	}

	@Test
	void removingAPhotoNeedsAuthorityOverItsOwner() {
		Api photographer = signedInWith("access.photos.change", "access.photos.view");
		Response refused = photographer.delete("/api/access/users/1/photo/");
		assertThat(refused.status()).isEqualTo(403);
		assertThat(missing(refused)).containsExactly("*");

		Person covered = person(role("access.photos.view"));
		// Authority passes; there is simply no photo to remove.
		assertThat(photographer.delete("/api/access/users/" + covered.id() + "/photo/").status()).isEqualTo(404);
	}

	@Test
	void enrollingAFaceNeedsAuthorityOverItsOwner() {
		// Whoever sets the administrator's face could punch, and be recognised, as the
		// administrator.
		Api photographer = signedInWith("access.photos.change", "access.photos.view");
		Response refused = photographer.put("/api/access/users/1/photo/", json("photo_base64", "aGVsbG8="));
		assertThat(refused.status()).isEqualTo(403);
		assertThat(missing(refused)).containsExactly("*");
		assertThat(this.api.get("/api/access/users/1/").json().get("employee_photo_url").isNull()).isTrue();

		Person covered = person(role("access.photos.view"));
		// Authority passes; the body is then checked (not an image).
		assertThat(photographer.put("/api/access/users/" + covered.id() + "/photo/", json("photo_base64", "aGVsbG8="))
			.status()).isEqualTo(400);
	}

	@Test
	void aRoleManagerCannotLowerTheRoleOfSomeoneStrongerThenManageThem() {
		// The CFO's role grants what the role and user manager does not hold.
		long cfoRole = role("finance.transactions.view", "finance.connections.change", "customers.clientes.view");
		Person cfo = person(cfoRole);
		Api manager = signedInWith("access.roles.change", "access.roles.view", "access.users.change",
				"access.users.view", "customers.clientes.view");
		assertThat(manager.post("/api/access/users/" + cfo.id() + "/reset-password/", "").status()).isEqualTo(403);
		Response roleBefore = this.api.get("/api/access/roles/" + cfoRole + "/");

		Response lowered = manager.patch("/api/access/roles/" + cfoRole + "/",
				json("permissions", List.of("customers.clientes.view")));
		assertThat(lowered.status()).as(lowered.toString()).isEqualTo(403);
		assertThat(lowered.contentType()).startsWith("application/problem+json");
		assertThat(missing(lowered)).containsExactlyInAnyOrder("finance.transactions.view",
				"finance.connections.change");
		assertThat(lowered.json().get("users_count").asLong()).isEqualTo(1);

		// Nothing changed: the role, the CFO's access, and the reset is still refused.
		Response roleAfter = this.api.get("/api/access/roles/" + cfoRole + "/");
		assertThat(roleAfter.header("ETag")).isEqualTo(roleBefore.header("ETag"));
		assertThat(roleAfter.json().get("permissions")).isEqualTo(roleBefore.json().get("permissions"));
		assertThat(manager.post("/api/access/users/" + cfo.id() + "/reset-password/", "").status()).isEqualTo(403);
		assertThat(this.api.as(cfo.token()).get("/api/finance/transactions/").status()).isEqualTo(200);

		// A description or name change touches nobody's authority; a role nobody holds
		// may be changed freely within what the manager holds.
		assertThat(manager.patch("/api/access/roles/" + cfoRole + "/", json("description", "Diretoria financeira"))
			.status()).isEqualTo(200);
		long empty = role("finance.transactions.view", "customers.clientes.view");
		assertThat(manager
			.patch("/api/access/roles/" + empty + "/", json("permissions", List.of("customers.clientes.view")))
			.status()).isEqualTo(200);
	}

}
