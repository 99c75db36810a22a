package br.suite.access;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class AccessApiTests extends ApiTest {

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	long role(String name, String... permissions) {
		String list = String.join("\",\"", permissions);
		Response created = this.api.post("/api/access/roles/", "{\"name\":\"" + name + "\",\"permissions\":["
				+ (permissions.length == 0 ? "" : "\"" + list + "\"") + "]}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	Response createUser(String username, long roleId) {
		return this.api.post("/api/access/users/", "{\"username\":\"" + username + "\",\"role_id\":" + roleId
				+ ",\"email\":\"" + username + "@example.com.br\",\"full_name\":\"Ana Souza\",\"is_employee\":true}");
	}

	@Test
	void listsRolesAsBareArrayHoldingTheAdministrator() {
		Response roles = this.api.get("/api/access/roles/");
		assertThat(roles.status()).isEqualTo(200);
		assertThat(roles.contentType()).startsWith("application/json");
		JsonNode administrator = roles.json().get(0);
		assertThat(administrator.get("id").asLong()).isEqualTo(1);
		assertThat(administrator.get("name").asString()).isEqualTo("Administrator");
		assertThat(administrator.get("permissions").get(0).asString()).isEqualTo("*");
		assertThat(administrator.get("is_system").asBoolean()).isTrue();
		assertThat(administrator.get("users_count").asLong()).isGreaterThanOrEqualTo(1);
		assertThat(administrator.get("description").isString()).isTrue();
		assertThat(administrator.get("created_at").asString()).matches(DATE_TIME);
		assertThat(administrator.get("updated_at").asString()).matches(DATE_TIME);
	}

	@Test
	void createsReadsAndPatchesARole() {
		String name = unique("Financeiro");
		Response created = this.api.post("/api/access/roles/",
				"{\"name\":\"" + name + "\",\"description\":\"Contas a pagar\",\"permissions\":"
						+ "[\"finance.transactions.view\",\"finance.transactions.view\",\"customers.clientes.view\"]}");
		assertThat(created.status()).isEqualTo(201);
		long id = created.id();
		assertThat(created.header("Location")).contains("/api/access/roles/" + id + "/");
		JsonNode role = created.json();
		assertThat(role.get("name").asString()).isEqualTo(name);
		assertThat(role.get("description").asString()).isEqualTo("Contas a pagar");
		assertThat(role.get("permissions").toString())
			.isEqualTo("[\"finance.transactions.view\",\"customers.clientes.view\"]");
		assertThat(role.get("is_system").asBoolean()).isFalse();
		assertThat(role.get("users_count").asLong()).isZero();

		Response patched = this.api.patch("/api/access/roles/" + id + "/", "{\"permissions\":[\"fins.records.view\"]}");
		assertThat(patched.status()).isEqualTo(200);
		assertThat(patched.json().get("permissions").toString()).isEqualTo("[\"fins.records.view\"]");
		assertThat(patched.json().get("description").asString()).isEqualTo("Contas a pagar");
		assertThat(patched.json().get("name").asString()).isEqualTo(name);

		Response read = this.api.get("/api/access/roles/" + id);
		assertThat(read.json()).isEqualTo(patched.json());
		assertThat(read.header("ETag")).isPresent();
	}

	@Test
	void aPatchThatChangesNothingWritesNothing() {
		String name = unique("Unchanged");
		Response created = this.api.post("/api/access/roles/", "{\"name\":\"" + name + "\",\"description\":\"Caixa\","
				+ "\"permissions\":[\"fins.records.view\",\"customers.clientes.view\"]}");
		long id = created.id();
		String etag = created.header("ETag").orElseThrow();
		String events = "/api/audit/events/?resource_type=role&resource_id=" + id;
		assertThat(this.api.get(events).json().size()).isEqualTo(1);

		// The same values, permissions in another order: 200 with the role as it is, same
		// ETag, no event.
		Response same = this.api.patch("/api/access/roles/" + id + "/", "{\"name\":\"" + name + "\",\"description\":"
				+ "\"Caixa\",\"permissions\":[\"customers.clientes.view\",\"fins.records.view\"]}");
		assertThat(same.status()).as(same.toString()).isEqualTo(200);
		assertThat(same.header("ETag")).contains(etag);
		assertThat(same.json()).isEqualTo(created.json());
		assertThat(this.api.patch("/api/access/roles/" + id + "/", "{}").header("ETag")).contains(etag);
		assertThat(this.api.get(events).json().size()).isEqualTo(1);
		assertThat(this.api.get("/api/access/roles/" + id + "/").json()).isEqualTo(created.json());

		// A stale If-Match is refused even when nothing would change.
		Response changed = this.api.patch("/api/access/roles/" + id + "/", "{\"description\":\"Tesouraria\"}");
		assertThat(changed.header("ETag")).isNotEqualTo(java.util.Optional.of(etag));
		assertThat(this.api.get(events).json().size()).isEqualTo(2);
		Response stale = this.api.send("PATCH", "/api/access/roles/" + id + "/", "{}", "application/json", "If-Match",
				etag);
		assertThat(stale.status()).isEqualTo(412);
	}

	@Test
	void concurrentPatchesOfOneRoleEachCommitWithTheirOwnAuditEventOrFailAlone() throws Exception {
		String name = unique("Busy");
		long id = this.api.post("/api/access/roles/", "{\"name\":\"" + name + "\",\"description\":\"start\"}").id();
		long version = Long.parseLong(this.api.get("/api/access/roles/" + id + "/")
			.header("ETag")
			.orElseThrow()
			.replace("\"", "")
			.replace("W/", ""));
		Api other = this.api.signedInWith("access.roles.change");
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<CompletableFuture<Response>> patches = new ArrayList<>();
			for (int i = 0; i < 48; i++) {
				Api caller = i % 2 == 0 ? this.api : other;
				// Every eighth one is invalid (an unknown permission): refused alone, the
				// others still commit.
				String body = i % 8 == 7 ? "{\"permissions\":[\"no.such.permission\"]}"
						: "{\"description\":\"d-" + i + "\"}";
				String requestId = "bench-" + i;
				patches.add(CompletableFuture.supplyAsync(() -> caller.send("PATCH", "/api/access/roles/" + id + "/",
						body, "application/json", "X-Request-Id", requestId), pool));
			}
			for (int i = 0; i < patches.size(); i++) {
				Response answer = patches.get(i).get();
				assertThat(answer.status()).as(answer.toString()).isEqualTo(i % 8 == 7 ? 400 : 200);
				if (i % 8 != 7) {
					assertThat(answer.json().get("description").asString()).isEqualTo("d-" + i);
				}
			}
		}
		finally {
			pool.shutdown();
		}
		// 42 changes: 42 new versions, 42 events, each with its own request id, actor and
		// description.
		assertThat(this.api.get("/api/access/roles/" + id + "/").header("ETag").orElseThrow())
			.contains(Long.toString(version + 42));
		JsonNode events = this.api.get("/api/audit/events/?action=access.role.updated&resource_id=" + id).json();
		assertThat(events.size()).isEqualTo(42);
		for (JsonNode event : events) {
			int i = Integer.parseInt(event.get("request_id").asString().substring("bench-".length()));
			assertThat(i % 8).isNotEqualTo(7);
			assertThat(event.get("changes").get("description").get("after").asString()).isEqualTo("d-" + i);
			assertThat(event.get("actor_name").asString().equals("admin")).as(event.toString()).isEqualTo(i % 2 == 0);
		}
		assertThat(this.api.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	@Test
	void aPatchTakingTheAdministratorsLockRunsInItsOwnTransaction() {
		// Removing * from a role takes the administrators' lock: such a PATCH is not
		// batched with others.
		long id = this.api.post("/api/access/roles/", "{\"name\":\"" + unique("AllBut") + "\",\"permissions\":[\"*\"]}")
			.id();
		Response narrowed = this.api.patch("/api/access/roles/" + id + "/",
				"{\"permissions\":[\"fins.records.view\"]}");
		assertThat(narrowed.status()).as(narrowed.toString()).isEqualTo(200);
		assertThat(narrowed.json().get("permissions").toString()).isEqualTo("[\"fins.records.view\"]");
		JsonNode events = this.api.get("/api/audit/events/?action=access.role.updated&resource_id=" + id).json();
		assertThat(events.size()).isEqualTo(1);
		assertThat(events.get(0).get("changes").get("permissions").get("before").toString()).isEqualTo("[\"*\"]");
	}

	@Test
	void refusesInvalidRolesAndChangesNothing() {
		int before = this.api.get("/api/access/roles/").json().size();
		Response noName = this.api.post("/api/access/roles/", "{\"description\":\"x\"}");
		assertThat(noName.status()).isEqualTo(400);
		assertThat(noName.contentType()).startsWith("application/problem+json");
		assertThat(noName.json().get("errors").has("name")).isTrue();

		Response unknown = this.api.post("/api/access/roles/",
				"{\"name\":\"" + unique("x") + "\",\"permissions\":[\"finance.nope.view\"]}");
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").get("permissions").toString()).contains("finance.nope.view");

		String name = unique("Dup");
		role(name);
		Response duplicate = this.api.post("/api/access/roles/", "{\"name\":\"" + name.toUpperCase() + "\"}");
		assertThat(duplicate.status()).isEqualTo(409);
		assertThat(this.api.get("/api/access/roles/").json().size()).isEqualTo(before + 1);
	}

	@Test
	void systemRoleKeepsItsNameAndPermissions() {
		assertThat(this.api.patch("/api/access/roles/1/", "{\"name\":\"Chefe\"}").status()).isEqualTo(409);
		assertThat(this.api.patch("/api/access/roles/1/", "{\"permissions\":[\"access.users.view\"]}").status())
			.isEqualTo(409);
		assertThat(this.api.delete("/api/access/roles/1/").status()).isEqualTo(409);
		JsonNode administrator = this.api.get("/api/access/roles/1/").json();
		assertThat(administrator.get("name").asString()).isEqualTo("Administrator");
		assertThat(administrator.get("permissions").toString()).isEqualTo("[\"*\"]");
	}

	@Test
	void deletesOnlyRolesWithoutUsers() {
		long held = role(unique("Held"));
		assertThat(createUser(unique("holder"), held).status()).isEqualTo(201);
		Response refused = this.api.delete("/api/access/roles/" + held + "/");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("users_count").asLong()).isEqualTo(1);

		long empty = role(unique("Empty"));
		assertThat(this.api.delete("/api/access/roles/" + empty + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/access/roles/" + empty + "/").status()).isEqualTo(404);
	}

	@Test
	void createsAUserWhoseTemporaryPasswordIsShownOnceAndWorks() {
		long role = role(unique("Vendas"), "customers.clientes.view", "access.roles.view");
		String username = unique("ana");
		Response created = createUser(username, role);
		assertThat(created.status()).isEqualTo(201);
		JsonNode user = created.json();
		long id = user.get("id").asLong();
		assertThat(created.header("Location")).contains("/api/access/users/" + id + "/");
		assertThat(user.get("username").asString()).isEqualTo(username);
		assertThat(user.get("email").asString()).isEqualTo(username + "@example.com.br");
		assertThat(user.get("full_name").asString()).isEqualTo("Ana Souza");
		assertThat(user.get("department").asString()).isEmpty();
		assertThat(user.get("job_title").asString()).isEmpty();
		assertThat(user.get("is_employee").asBoolean()).isTrue();
		assertThat(user.get("employee_photo_url").isNull()).isTrue();
		assertThat(user.get("role_id").asLong()).isEqualTo(role);
		assertThat(user.get("role_name").asString()).startsWith("Vendas");
		assertThat(user.get("permissions").toString()).isEqualTo("[\"customers.clientes.view\",\"access.roles.view\"]");
		assertThat(user.get("status").asString()).isEqualTo("active");
		assertThat(user.get("last_access_at").isNull()).isTrue();
		String password = user.get("temporary_password").asString();
		assertThat(password).hasSize(16);

		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("temporary_password").isNull()).isTrue();
		assertThat(this.api.get("/api/access/users/").body()).doesNotContain(password);

		Response login = this.api.as(null)
			.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}");
		assertThat(login.status()).isEqualTo(200);
		assertThat(login.json().get("token").asString()).matches("[0-9a-f]{40}");
		String token = this.api.signIn(username, password);
		assertThat(this.api.as(token).get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("last_access_at").asString())
			.matches(DATE_TIME);
	}

	@Test
	void refusesInvalidUsersAndChangesNothing() {
		long role = role(unique("R"));
		String username = unique("bruno");
		long id = createUser(username, role).id();
		JsonNode before = this.api.get("/api/access/users/" + id + "/").json();

		Response badEmail = this.api.patch("/api/access/users/" + id + "/",
				"{\"email\":\"not-an-email\",\"department\":\"TI\"}");
		assertThat(badEmail.status()).isEqualTo(400);
		assertThat(badEmail.json().get("errors").has("email")).isTrue();

		Response unknownRole = this.api.patch("/api/access/users/" + id + "/", "{\"role_id\":999999}");
		assertThat(unknownRole.status()).isEqualTo(400);
		assertThat(unknownRole.json().get("errors").has("role_id")).isTrue();

		Response badStatus = this.api.patch("/api/access/users/" + id + "/", "{\"status\":\"sleeping\"}");
		assertThat(badStatus.status()).isEqualTo(400);
		assertThat(badStatus.json().get("errors").get("status").get(0).asString()).contains("active", "inactive",
				"blocked");

		Response wrongType = this.api.patch("/api/access/users/" + id + "/", "{\"is_employee\":\"sim\"}");
		assertThat(wrongType.status()).isEqualTo(400);
		assertThat(wrongType.json().get("errors").has("is_employee")).isTrue();

		Response nullUsername = this.api.patch("/api/access/users/" + id + "/", "{\"username\":null}");
		assertThat(nullUsername.status()).isEqualTo(400);
		assertThat(nullUsername.json().get("errors").has("username")).isTrue();

		long other = createUser(unique("carla"), role).id();
		Response takenName = this.api.patch("/api/access/users/" + other + "/",
				"{\"username\":\"" + username.toUpperCase() + "\"}");
		assertThat(takenName.status()).isEqualTo(409);
		assertThat(takenName.json().get("existing_id").asLong()).isEqualTo(id);
		Response takenEmail = this.api.patch("/api/access/users/" + other + "/",
				"{\"email\":\"" + username + "@example.com.br\"}");
		assertThat(takenEmail.status()).isEqualTo(409);

		Response missing = this.api.post("/api/access/users/", "{\"email\":\"x@y.com\"}");
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").has("username")).isTrue();
		assertThat(missing.json().get("errors").has("role_id")).isTrue();

		assertThat(this.api.get("/api/access/users/" + id + "/").json()).isEqualTo(before);
	}

	@Test
	void patchChangesOnlyTheFieldsSentAndFollowsTheRole() {
		long first = role(unique("Primeiro"), "fins.records.view");
		long second = role(unique("Segundo"), "customers.clientes.view");
		long id = createUser(unique("dani"), first).id();
		Response patched = this.api.patch("/api/access/users/" + id + "/",
				"{\"department\":\"Financeiro\",\"role_id\":" + second + ",\"id\":42,\"role_name\":\"ignored\"}");
		assertThat(patched.status()).isEqualTo(200);
		JsonNode user = patched.json();
		assertThat(user.get("id").asLong()).isEqualTo(id);
		assertThat(user.get("department").asString()).isEqualTo("Financeiro");
		assertThat(user.get("full_name").asString()).isEqualTo("Ana Souza");
		assertThat(user.get("role_id").asLong()).isEqualTo(second);
		assertThat(user.get("role_name").asString()).startsWith("Segundo");
		assertThat(user.get("permissions").toString()).isEqualTo("[\"customers.clientes.view\"]");
		assertThat(user.get("temporary_password").isNull()).isTrue();
	}

	@Test
	void keepsTheLastAdministrator() {
		// Other administrators may exist; the rule is about the last one, so make admin
		// the last.
		this.api.get("/api/access/users/?role_id=1&status=active").json().forEach(user -> {
			if (user.get("id").asLong() != 1) {
				assertThat(this.api.delete("/api/access/users/" + user.get("id").asLong() + "/").status())
					.isEqualTo(204);
			}
		});
		Response deactivate = this.api.delete("/api/access/users/1/");
		assertThat(deactivate.status()).isEqualTo(409);
		long other = role(unique("Other"));
		assertThat(this.api.patch("/api/access/users/1/", "{\"role_id\":" + other + "}").status()).isEqualTo(409);
		assertThat(this.api.patch("/api/access/users/1/", "{\"status\":\"blocked\"}").status()).isEqualTo(409);
		assertThat(this.api.get("/api/access/users/1/").json().get("status").asString()).isEqualTo("active");
	}

	@Test
	void aMissingPermissionIsA403Problem() {
		Api viewer = signedInWith("access.users.view");
		assertThat(viewer.get("/api/access/users/").status()).isEqualTo(200);
		Response refused = viewer.post("/api/access/roles/", "{\"name\":\"" + unique("x") + "\"}");
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.json().get("status").asInt()).isEqualTo(403);
		assertThat(viewer.get("/api/access/roles/").status()).isEqualTo(403);
		// The permission is checked before the body is read: an invalid body still gets
		// 403.
		assertThat(viewer.post("/api/access/roles/", "{\"name\": 5}").status()).isEqualTo(403);
		assertThat(viewer.patch("/api/access/roles/1/", "not json").status()).isEqualTo(403);
	}

	@Test
	void nobodyGrantsWhatTheyDoNotHold() {
		Api manager = signedInWith("access.roles.change", "access.roles.view", "access.users.change",
				"customers.clientes.view");
		Response escalation = manager.post("/api/access/roles/",
				"{\"name\":\"" + unique("x") + "\",\"permissions\":[\"finance.transactions.view\"]}");
		assertThat(escalation.status()).isEqualTo(403);
		Response all = manager.post("/api/access/roles/", "{\"name\":\"" + unique("x") + "\",\"permissions\":[\"*\"]}");
		assertThat(all.status()).isEqualTo(403);
		Response allowed = manager.post("/api/access/roles/",
				"{\"name\":\"" + unique("x") + "\",\"permissions\":[\"customers.clientes.view\"]}");
		assertThat(allowed.status()).isEqualTo(201);
		Response intoAdmin = manager.post("/api/access/users/", "{\"username\":\"" + unique("x") + "\",\"role_id\":1}");
		assertThat(intoAdmin.status()).isEqualTo(403);
	}

	@Test
	void deactivatedUsersLoseAccess() {
		long role = role(unique("R"), "access.roles.view");
		String username = unique("edu");
		Response user = createUser(username, role);
		String password = "Chosen-" + unique("pw");
		String token = this.api.signIn(username, user.json().get("temporary_password").asString(), password);
		assertThat(this.api.as(token).get("/api/access/roles/").status()).isEqualTo(200);

		assertThat(this.api.delete("/api/access/users/" + user.id() + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/access/users/" + user.id() + "/").json().get("status").asString())
			.isEqualTo("inactive");
		assertThat(this.api.as(token).get("/api/access/roles/").status()).isEqualTo(401);
		assertThat(this.api.as(null)
			.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}")
			.status()).isEqualTo(401);
	}

	@Test
	void resetPasswordIssuesANewTemporaryPassword() {
		String username = unique("fabi");
		Response user = createUser(username, role(unique("R")));
		String old = user.json().get("temporary_password").asString();
		Response reset = this.api.post("/api/access/users/" + user.id() + "/reset-password/", "");
		assertThat(reset.status()).isEqualTo(200);
		String fresh = reset.json().get("temporary_password").asString();
		assertThat(fresh).isNotEqualTo(old).hasSize(16);
		Api anonymous = this.api.as(null);
		assertThat(
				anonymous.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + old + "\"}")
					.status())
			.isEqualTo(401);
		assertThat(
				anonymous.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + fresh + "\"}")
					.status())
			.isEqualTo(200);
	}

	@Test
	void tokensAreCheckedAndRevocable() {
		Api anonymous = this.api.as(null);
		Response missing = anonymous.get("/api/access/roles/");
		assertThat(missing.status()).isEqualTo(401);
		assertThat(missing.header("WWW-Authenticate")).contains("Token");
		assertThat(missing.contentType()).startsWith("application/problem+json");

		assertThat(
				anonymous.send("GET", "/api/access/roles/", null, null, "Authorization", "Bearer " + this.api.token())
					.status())
			.isEqualTo(401);
		assertThat(anonymous.send("GET", "/api/access/roles/", null, null, "Authorization", "Token").status())
			.isEqualTo(401);
		assertThat(this.api.as("0".repeat(40)).get("/api/access/roles/").status()).isEqualTo(401);
		assertThat(this.api.as("not-hex").get("/api/access/roles/").status()).isEqualTo(401);
		assertThat(anonymous.send("GET", "/api/access/roles/", null, null, "Authorization", "tOkEn " + this.api.token())
			.status()).isEqualTo(200);

		Api user = signedInWith("access.roles.view");
		assertThat(user.get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(user.delete("/api/auth/token/").status()).isEqualTo(204);
		assertThat(user.get("/api/access/roles/").status()).isEqualTo(401);
	}

	@Test
	void wrongCredentialsLookTheSameForUnknownUsers() {
		Api anonymous = this.api.as(null);
		// Fresh names: failures count per username (and lock it after 5), also on a
		// reused test database.
		String username = unique("known");
		assertThat(createUser(username, role(unique("R"))).status()).isEqualTo(201);
		Response wrongPassword = anonymous.post("/api/auth/token/",
				"{\"username\":\"" + username + "\",\"password\":\"nope\"}");
		Response unknownUser = anonymous.post("/api/auth/token/",
				"{\"username\":\"" + unique("ghost") + "\",\"password\":\"nope\"}");
		assertThat(wrongPassword.status()).isEqualTo(401);
		assertThat(unknownUser.status()).isEqualTo(401);
		assertThat(wrongPassword.json().get("detail")).isEqualTo(unknownUser.json().get("detail"));
		assertThat(anonymous.post("/api/auth/token/", "{\"username\":\"admin\"}").status()).isEqualTo(400);
	}

	@Test
	void usersChangeTheirOwnPassword() {
		String username = unique("gil");
		Response user = createUser(username, role(unique("R")));
		String temporary = user.json().get("temporary_password").asString();
		Api anonymous = this.api.as(null);
		Api self = this.api.as(anonymous
			.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + temporary + "\"}")
			.json()
			.get("token")
			.asString());
		assertThat(self
			.post("/api/auth/password/", "{\"current_password\":\"wrong\",\"new_password\":\"a-long-new-secret\"}")
			.status()).isEqualTo(400);
		assertThat(self
			.post("/api/auth/password/",
					"{\"current_password\":\"" + temporary + "\",\"new_password\":\"a-long-new-secret\"}")
			.status()).isEqualTo(204);
		assertThat(anonymous
			.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"a-long-new-secret\"}")
			.status()).isEqualTo(200);
	}

	@Test
	void filtersAndPagesUsers() {
		long role = role(unique("Filtro"));
		String marker = unique("zz");
		createUser(marker + "a", role);
		createUser(marker + "b", role);
		long blocked = createUser(marker + "c", role).id();
		this.api.patch("/api/access/users/" + blocked + "/", "{\"status\":\"blocked\",\"is_employee\":false}");

		assertThat(this.api.get("/api/access/users/?role_id=" + role).json().size()).isEqualTo(3);
		assertThat(this.api.get("/api/access/users/?role_id=" + role + "&status=blocked").json().size()).isEqualTo(1);
		assertThat(this.api.get("/api/access/users/?role_id=" + role + "&is_employee=true").json().size()).isEqualTo(2);
		assertThat(this.api.get("/api/access/users/?q=" + marker.toUpperCase()).json().size()).isEqualTo(3);
		// LIKE's wildcards in q are literal: "_" is not any character, "%" is not any
		// text.
		assertThat(this.api.get("/api/access/users/?q=" + marker.replace('-', '_')).json().size()).isZero();
		assertThat(this.api.get("/api/access/users/?role_id=" + role + "&q=%25").json().size()).isZero();
		Response page = this.api.get("/api/access/users/?role_id=" + role + "&limit=2&offset=1");
		assertThat(page.json().isArray()).isTrue();
		assertThat(page.json().size()).isEqualTo(2);
		assertThat(page.header("X-Total-Count")).contains("3");
		assertThat(this.api.get("/api/access/users/?status=asleep").status()).isEqualTo(400);
		assertThat(this.api.get("/api/access/users/?limit=0").status()).isEqualTo(400);
		assertThat(this.api.get("/api/access/users/?role_id=abc").status()).isEqualTo(400);
	}

	@Test
	void staleIfMatchIsRefused() {
		long role = role(unique("Etag"));
		Response read = this.api.get("/api/access/roles/" + role + "/");
		String etag = read.header("ETag").orElseThrow();
		assertThat(this.api
			.send("PATCH", "/api/access/roles/" + role + "/", "{\"description\":\"one\"}", "application/json",
					"If-Match", etag)
			.status()).isEqualTo(200);
		Response stale = this.api.send("PATCH", "/api/access/roles/" + role + "/", "{\"description\":\"two\"}",
				"application/json", "If-Match", etag);
		assertThat(stale.status()).isEqualTo(412);
		assertThat(this.api.get("/api/access/roles/" + role + "/").json().get("description").asString())
			.isEqualTo("one");
	}

	@Test
	void concurrentPatchesOfDifferentFieldsAreAllKept() throws Exception {
		long id = createUser(unique("hugo"), role(unique("R"))).id();
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<CompletableFuture<Response>> patches = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				String department = "{\"department\":\"D" + i + "\"}";
				String jobTitle = "{\"job_title\":\"J" + i + "\"}";
				patches.add(CompletableFuture
					.supplyAsync(() -> this.api.patch("/api/access/users/" + id + "/", department), pool));
				patches.add(CompletableFuture
					.supplyAsync(() -> this.api.patch("/api/access/users/" + id + "/", jobTitle), pool));
			}
			for (CompletableFuture<Response> patch : patches) {
				assertThat(patch.get().status()).isEqualTo(200);
			}
		}
		finally {
			pool.shutdown();
		}
		JsonNode user = this.api.get("/api/access/users/" + id + "/").json();
		assertThat(user.get("department").asString()).startsWith("D");
		assertThat(user.get("job_title").asString()).startsWith("J");
	}

	@Test
	void servesThePermissionCatalogue() {
		Response catalogue = this.api.get("/api/access/permissions/");
		assertThat(catalogue.status()).isEqualTo(200);
		assertThat(catalogue.json().size()).isEqualTo(Permissions.CATALOGUE.size());
		assertThat(catalogue.body()).contains("finance.transactions.view", "timeclock.punches.register",
				"processdocs.documents.approve", "imports.csv.confirm", "customers.clientes.change",
				"fins.records.change");
		catalogue.json().forEach(p -> assertThat(p.get("code").asString()).matches("[a-z]+\\.[a-z_]+\\.[a-z]+"));
	}

}
