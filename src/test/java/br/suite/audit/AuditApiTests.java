package br.suite.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

/**
 * The audit log: who changed what, chained and append-only, written with the change or
 * not at all.
 */
@ExtendWith(OutputCaptureExtension.class)
class AuditApiTests extends AuditTest {

	static final Pattern UUID_TEXT = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

	@Autowired
	JdbcClient jdbc;

	long role(String name, String... permissions) {
		String list = permissions.length == 0 ? "" : "\"" + String.join("\",\"", permissions) + "\"";
		Response role = this.api.post("/api/access/roles/",
				"{\"name\":\"" + name + "\",\"permissions\":[" + list + "]}");
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		return role.id();
	}

	@Test
	void signInSuccessAndFailureAreRecordedWithTheRequestIdAndAddress() {
		String username = unique("auditee");
		Response user = this.api.post("/api/access/users/", json("username", username, "role_id", role(unique("r"))));
		long userId = user.id();
		String token = this.api.signIn(username, user.json().get("temporary_password").asString(), "Chosen-Pass-12345");

		Response failed = this.api.as(null)
			.send("POST", "/api/auth/token/", json("username", username, "password", "wrong-password-1"),
					"application/json", "X-Request-Id", "req-fail-1");
		assertThat(failed.status()).isEqualTo(401);
		assertThat(failed.header("X-Request-Id")).contains("req-fail-1");
		JsonNode failure = only("action=access.sign_in.failed&resource_id=" + userId);
		assertThat(failure.get("actor_id").isNull()).isTrue();
		assertThat(failure.get("actor_name").asString()).isEqualTo(username);
		assertThat(failure.get("request_id").asString()).isEqualTo("req-fail-1");
		assertThat(failure.get("client_address").asString()).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
		assertThat(failure.toString()).doesNotContain("wrong-password-1");

		// Three successful sign-ins: the temporary one, the one after the change, and
		// this one.
		List<JsonNode> signIns = events("action=access.sign_in.succeeded&resource_id=" + userId);
		assertThat(signIns).hasSize(2);
		assertThat(signIns.get(0).get("actor_id").asLong()).isEqualTo(userId);
		Response ok = this.api.as(null)
			.post("/api/auth/token/", json("username", username, "password", "Chosen-Pass-12345"));
		assertThat(ok.status()).isEqualTo(200);
		String generated = ok.header("X-Request-Id").orElseThrow();
		assertThat(generated).matches(UUID_TEXT);
		JsonNode issued = events("action=access.token.issued&actor_id=" + userId).get(0);
		assertThat(issued.get("request_id").asString()).isEqualTo(generated);
		assertThat(issued.get("changes").get("user_id").get("after").asLong()).isEqualTo(userId);
		assertThat(issued.toString()).doesNotContain(ok.json().get("token").asString());

		// The password change is recorded with the token it came with; it revoked that
		// token.
		JsonNode changed = only("action=access.password.changed&resource_id=" + userId);
		assertThat(changed.get("actor_id").asLong()).isEqualTo(userId);
		assertThat(changed.get("token_id").isNull()).isFalse();
		assertThat(changed.get("changes").get("temporary_password").get("before").asBoolean()).isTrue();
		assertThat(changed.get("changes").get("temporary_password").get("after").asBoolean()).isFalse();

		// Signing out revokes the token of the request, and says which.
		long tokenId = this.api.as(token).get("/api/auth/tokens/").json().get(0).get("id").asLong();
		assertThat(this.api.as(token).delete("/api/auth/token/").status()).isEqualTo(204);
		JsonNode revoked = only("action=access.token.revoked&resource_type=token&resource_id=" + tokenId);
		assertThat(revoked.get("actor_id").asLong()).isEqualTo(userId);
		assertThat(revoked.get("token_id").asLong()).isEqualTo(tokenId);
	}

	@Test
	void aClientRequestIdIsEchoedAndAnUnacceptableOneReplaced() {
		assertThat(
				this.api.send("GET", "/api/auth/tokens/", null, null, "X-Request-Id", "abc-123").header("X-Request-Id"))
			.contains("abc-123");
		assertThat(this.api.send("GET", "/api/auth/tokens/", null, null, "X-Request-Id", "has spaces and <tags>")
			.header("X-Request-Id")
			.orElseThrow()).matches(UUID_TEXT);
	}

	@Test
	void roleAndUserChangesShowPermissionsBeforeAndAfter() {
		long roleId = role(unique("clerks"), "customers.clientes.view");
		JsonNode created = only("action=access.role.created&resource_id=" + roleId);
		assertThat(created.get("actor_name").asString()).isEqualTo("admin");
		assertThat(created.get("changes").get("permissions").get("after").get(0).asString())
			.isEqualTo("customers.clientes.view");

		Response patched = this.api.patch("/api/access/roles/" + roleId + "/",
				"{\"permissions\":[\"customers.clientes.view\",\"customers.clientes.change\"]}");
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		JsonNode updated = only("action=access.role.updated&resource_id=" + roleId);
		assertThat(updated.get("changes").get("permissions").get("before").toString())
			.isEqualTo("[\"customers.clientes.view\"]");
		assertThat(updated.get("changes").get("permissions").get("after").toString())
			.isEqualTo("[\"customers.clientes.view\",\"customers.clientes.change\"]");
		assertThat(updated.get("changes").has("name")).isFalse();

		String username = unique("clerk");
		Response user = this.api.post("/api/access/users/", json("username", username, "role_id", roleId));
		long userId = user.id();
		String temporary = user.json().get("temporary_password").asString();
		JsonNode userCreated = only("action=access.user.created&resource_id=" + userId);
		assertThat(userCreated.get("changes").get("username").get("after").asString()).isEqualTo(username);
		assertThat(userCreated.get("changes").get("role_id").get("after").asLong()).isEqualTo(roleId);
		assertThat(userCreated.toString()).doesNotContain(temporary);
		Api clerk = this.api.as(this.api.signIn(username, temporary));

		long otherRole = role(unique("viewers"), "fins.records.view");
		assertThat(
				this.api.patch("/api/access/users/" + userId + "/", json("role_id", otherRole, "department", "Vendas"))
					.status())
			.isEqualTo(200);
		JsonNode userUpdated = only("action=access.user.updated&resource_id=" + userId);
		assertThat(userUpdated.get("changes").get("role_id").get("before").asLong()).isEqualTo(roleId);
		assertThat(userUpdated.get("changes").get("role_id").get("after").asLong()).isEqualTo(otherRole);
		assertThat(userUpdated.get("changes").get("permissions").get("after").toString())
			.isEqualTo("[\"fins.records.view\"]");
		assertThat(userUpdated.get("changes").get("department").get("after").asString()).isEqualTo("Vendas");
		// The new role ended the clerk's sessions: that is recorded too.
		assertThat(clerk.get("/api/auth/tokens/").status()).isEqualTo(401);
		// (The clerk's own password change revoked the first token: that event comes from
		// the clerk.)
		JsonNode ended = only("action=access.tokens.revoked&actor_id=1&resource_id=" + userId);
		assertThat(ended.get("changes").get("tokens").get("before").asInt()).isEqualTo(1);
		assertThat(ended.get("changes").get("tokens").get("after").asInt()).isZero();

		Response reset = this.api.post("/api/access/users/" + userId + "/reset-password/", "{}");
		assertThat(reset.status()).as(reset.toString()).isEqualTo(200);
		JsonNode resetEvent = only("action=access.password.reset&resource_id=" + userId);
		assertThat(resetEvent.toString()).doesNotContain(reset.json().get("temporary_password").asString());

		assertThat(this.api.delete("/api/access/users/" + userId + "/").status()).isEqualTo(204);
		JsonNode deactivated = only("action=access.user.deactivated&resource_id=" + userId);
		assertThat(deactivated.get("changes").get("status").get("after").asString()).isEqualTo("inactive");

		assertThat(this.api.delete("/api/access/roles/" + roleId + "/").status()).isEqualTo(204);
		assertThat(only("action=access.role.deleted&resource_id=" + roleId).get("changes")
			.get("permissions")
			.get("before")
			.size()).isEqualTo(2);
	}

	@Test
	void listingFiltersPagesAndShowsNewestFirst() {
		long roleId = role(unique("paged"));
		for (int i = 0; i < 3; i++) {
			this.api.patch("/api/access/roles/" + roleId + "/", json("description", "v" + i));
		}
		Response page = this.api
			.get("/api/audit/events/?resource_type=role&resource_id=" + roleId + "&limit=2&offset=1");
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.header("X-Total-Count")).contains("4");
		assertThat(page.json().size()).isEqualTo(2);
		assertThat(page.json().get(0).get("changes").get("description").get("after").asString()).isEqualTo("v1");
		assertThat(page.json().get(1).get("changes").get("description").get("after").asString()).isEqualTo("v0");
		assertThat(page.json().get(0).get("id").asLong()).isGreaterThan(page.json().get(1).get("id").asLong());

		String today = java.time.LocalDate.now(java.time.ZoneId.of("America/Sao_Paulo")).toString();
		assertThat(events("resource_type=role&resource_id=" + roleId + "&date_from=" + today + "&date_to=" + today))
			.hasSize(4);
		assertThat(events("resource_type=role&resource_id=" + roleId + "&date_to=2020-01-01")).isEmpty();
		Response badDate = this.api.get("/api/audit/events/?date_from=yesterday");
		assertThat(badDate.status()).isEqualTo(400);
		assertThat(badDate.body()).contains("date_from");
		assertThat(this.api.get("/api/audit/events/?limit=0").status()).isEqualTo(400);
	}

	@Test
	void onlyHoldersOfTheAuditPermissionReadTheLog() {
		Api without = signedInWith("access.users.view", "access.roles.view");
		assertThat(without.get("/api/audit/events/").status()).isEqualTo(403);
		assertThat(without.get("/api/audit/events/verify-chain/").status()).isEqualTo(403);
		Api auditor = signedInWith("audit.events.view");
		assertThat(auditor.get("/api/audit/events/?limit=1").status()).isEqualTo(200);
		assertThat(auditor.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
		assertThat(this.api.as(null).get("/api/audit/events/").status()).isEqualTo(401);
	}

	@Test
	void theDatabaseRefusesToChangeOrDeleteEvents() {
		role(unique("kept"));
		long id = this.jdbc.sql("SELECT max(id) FROM audit_event").query(Long.class).single();
		assertThatThrownBy(
				() -> this.jdbc.sql("UPDATE audit_event SET action = 'x' WHERE id = :id").param("id", id).update())
			.hasMessageContaining("append-only");
		assertThatThrownBy(() -> this.jdbc.sql("DELETE FROM audit_event WHERE id = :id").param("id", id).update())
			.hasMessageContaining("append-only");
		assertThatThrownBy(() -> this.jdbc.sql("TRUNCATE audit_event").update()).hasMessageContaining("append-only");
		assertThat(this.jdbc.sql("SELECT action FROM audit_event WHERE id = :id")
			.param("id", id)
			.query(String.class)
			.single()).isEqualTo("access.role.created");
	}

	@Test
	void theChainCheckFindsAnEventChangedAroundTheTrigger() {
		long roleId = role(unique("chained"));
		JsonNode event = only("action=access.role.created&resource_id=" + roleId);
		long id = event.get("id").asLong();
		this.sequencer.sealCommitted(PATIENCE);
		assertThat(this.api.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
		String original = this.jdbc.sql("SELECT changes::text FROM audit_event WHERE id = :id")
			.param("id", id)
			.query(String.class)
			.single();
		// What a superuser could do: switch the trigger off and rewrite history.
		tamper("UPDATE audit_event SET changes = '{}' WHERE id = " + id);
		try {
			JsonNode report = this.api.get("/api/audit/events/verify-chain/").json();
			assertThat(report.get("intact").asBoolean()).isFalse();
			assertThat(report.get("problems").get(0).get("id").asLong()).isEqualTo(id);
			assertThat(report.get("problems").get(0).get("problem").asString()).contains("hash");
		}
		finally {
			tamper("UPDATE audit_event SET changes = '" + original.replace("'", "''") + "' WHERE id = " + id);
		}
		JsonNode report = this.api.get("/api/audit/events/verify-chain/").json();
		assertThat(report.get("intact").asBoolean()).as(report.toString()).isTrue();
		assertThat(report.get("checked_count").asLong()).isEqualTo(report.get("sealed_through").asLong());
	}

	static final Duration PATIENCE = Duration.ofSeconds(30);

	@Autowired
	AuditSequencer sequencer;

	@Autowired
	AuditCheckpoints checkpoints;

	@Autowired
	AuditSettings settings;

	record Head(long lastId, long lastSeq, String lastHash) {
	}

	private Head head() {
		return this.jdbc.sql("SELECT last_id, last_seq, last_hash FROM audit_chain_head")
			.query((rs, n) -> new Head(rs.getLong("last_id"), rs.getLong("last_seq"), rs.getString("last_hash")))
			.single();
	}

	@Test
	void cuttingTheNewestEventsAndMovingTheHeadBackIsFoundThroughTheCheckpoint(CapturedOutput output) throws Exception {
		role(unique("anchored"));
		this.sequencer.sealCommitted(PATIENCE);
		Head kept = head();
		role(unique("anchored"));
		role(unique("anchored"));
		this.sequencer.sealCommitted(PATIENCE);
		AuditCheckpoints.Checkpoint checkpoint = this.checkpoints.take().orElseThrow();
		Head newest = head();
		// The checkpoint is of the sealed chain's newest event.
		assertThat(checkpoint.lastId()).isEqualTo(newest.lastId());
		assertThat(checkpoint.lastHash()).isEqualTo(newest.lastHash());
		// Outside the database: in the data directory (owner only) and in the log.
		assertThat(Files.readString(this.settings.checkpointFile()))
			.contains("last_id=" + newest.lastId() + " last_hash=" + checkpoint.lastHash());
		assertThat(Files.getPosixFilePermissions(this.settings.checkpointKeyFile()))
			.containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
		assertThat(output.getOut()).contains("Audit checkpoint: audit-checkpoint v1 last_id=" + newest.lastId() + " ");
		JsonNode intact = this.api.get("/api/audit/events/verify-chain/").json();
		assertThat(intact.get("intact").asBoolean()).as(intact.toString()).isTrue();
		assertThat(intact.get("checkpoint").get("last_id").asLong()).isEqualTo(newest.lastId());

		// What someone who can rewrite the database could do: cut the newest events and
		// move the head back, so the rest of the chain is consistent.
		this.jdbc.sql("CREATE TABLE audit_test_cut AS SELECT * FROM audit_event WHERE chain_seq > :kept")
			.param("kept", kept.lastSeq())
			.update();
		try {
			tamper("DELETE FROM audit_event WHERE chain_seq > " + kept.lastSeq());
			this.jdbc.sql("UPDATE audit_chain_head SET last_id = :id, last_seq = :seq, last_hash = :hash")
				.param("id", kept.lastId())
				.param("seq", kept.lastSeq())
				.param("hash", kept.lastHash())
				.update();
			JsonNode cut = this.api.get("/api/audit/events/verify-chain/").json();
			assertThat(cut.get("intact").asBoolean()).as(cut.toString()).isFalse();
			assertThat(cut.get("last_id").asLong()).isEqualTo(kept.lastId());
			assertThat(cut.get("problems").get(0).get("id").asLong()).isEqualTo(newest.lastId());
			assertThat(cut.toString()).contains("is missing");

			// A new event written with the checkpoint's id and chained in the cut's
			// place:
			// the checkpoint's event no longer matches, and the checkpoint is not moved
			// over the rewritten chain.
			this.jdbc.sql("""
					INSERT INTO audit_event (id, at, actor_name, action, resource_type, changes)
					VALUES (:id, now(), 'forger', 'access.role.created', 'role', '{}')""")
				.param("id", newest.lastId())
				.update();
			this.sequencer.sealCommitted(PATIENCE);
			assertThat(this.checkpoints.take()).contains(checkpoint);
			JsonNode rewritten = this.api.get("/api/audit/events/verify-chain/").json();
			assertThat(rewritten.get("intact").asBoolean()).as(rewritten.toString()).isFalse();
			assertThat(rewritten.get("problems").get(0).get("problem").asString())
				.contains("no longer has the hash of the checkpoint");
		}
		finally {
			tamper("DELETE FROM audit_event WHERE chain_seq > " + kept.lastSeq()
					+ " OR id IN (SELECT id FROM audit_test_cut)");
			this.jdbc.sql("INSERT INTO audit_event SELECT * FROM audit_test_cut").update();
			this.jdbc.sql("UPDATE audit_chain_head SET last_id = :id, last_seq = :seq, last_hash = :hash")
				.param("id", newest.lastId())
				.param("seq", newest.lastSeq())
				.param("hash", newest.lastHash())
				.update();
			this.jdbc.sql("DROP TABLE audit_test_cut").update();
		}
		JsonNode restored = this.api.get("/api/audit/events/verify-chain/").json();
		assertThat(restored.get("intact").asBoolean()).as(restored.toString()).isTrue();
	}

	@Test
	void aCheckpointFileChangedOutsideTheServiceDoesNotVerify() throws Exception {
		role(unique("signed"));
		this.sequencer.sealCommitted(PATIENCE);
		this.checkpoints.take().orElseThrow();
		Path file = this.settings.checkpointFile();
		String line = Files.readString(file);
		try {
			// Moving the checkpoint back needs the key: a line edited without it is
			// refused.
			Files.writeString(file, line.replaceFirst("last_id=(\\d+)", "last_id=1"));
			JsonNode report = this.api.get("/api/audit/events/verify-chain/").json();
			assertThat(report.get("intact").asBoolean()).isFalse();
			assertThat(report.get("problems").get(0).get("problem").asString()).contains("signature does not verify");
			// Nor is it replaced by a new checkpoint: it stays as the evidence.
			role(unique("signed"));
			assertThat(this.checkpoints.take()).isEmpty();
			assertThat(Files.readString(file)).contains("last_id=1 ");
		}
		finally {
			Files.writeString(file, line);
		}
		assertThat(this.api.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	private void tamper(String sql) {
		this.jdbc.sql("ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only").update();
		try {
			this.jdbc.sql(sql).update();
		}
		finally {
			this.jdbc.sql("ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only").update();
		}
	}

	@Test
	void aChangeWhoseEventCannotBeWrittenDoesNotHappen() {
		// A test-only trigger makes writing this one event fail.
		this.jdbc.sql("""
				CREATE OR REPLACE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN
				    IF NEW.changes -> 'name' ->> 'after' LIKE 'audit-refused-%' THEN
				        RAISE EXCEPTION 'injected audit failure';
				    END IF;
				    RETURN NEW;
				END;
				$$""").update();
		this.jdbc
			.sql("CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_event FOR EACH ROW "
					+ "EXECUTE FUNCTION audit_test_refuse()")
			.update();
		String name = unique("audit-refused");
		try {
			Response refused = this.api.post("/api/access/roles/", json("name", name, "permissions", List.of()));
			assertThat(refused.status()).isEqualTo(500);
		}
		finally {
			this.jdbc.sql("DROP TRIGGER audit_test_refuse ON audit_event").update();
			this.jdbc.sql("DROP FUNCTION audit_test_refuse()").update();
		}
		assertThat(this.api.get("/api/access/roles/").body()).doesNotContain(name);
		assertThat(this.api.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	@Test
	void anEventWhoseChangeFailsAtCommitIsNotKept() {
		// A test-only deferred trigger fails the role's transaction at commit, after its
		// event was written.
		this.jdbc.sql("""
				CREATE OR REPLACE FUNCTION audit_test_fail_commit() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN
				    IF NEW.name LIKE 'commit-refused-%' THEN
				        RAISE EXCEPTION 'injected commit failure';
				    END IF;
				    RETURN NEW;
				END;
				$$""").update();
		this.jdbc
			.sql("CREATE CONSTRAINT TRIGGER audit_test_fail_commit AFTER INSERT ON access_role "
					+ "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_test_fail_commit()")
			.update();
		String name = unique("commit-refused");
		long before = this.jdbc.sql("SELECT last_id FROM audit_chain_head").query(Long.class).single();
		try {
			Response refused = this.api.post("/api/access/roles/", json("name", name, "permissions", List.of()));
			// A failed commit is answered like any other transaction the database could
			// not complete.
			assertThat(refused.status()).isEqualTo(503);
		}
		finally {
			this.jdbc.sql("DROP TRIGGER audit_test_fail_commit ON access_role").update();
			this.jdbc.sql("DROP FUNCTION audit_test_fail_commit()").update();
		}
		assertThat(this.api.get("/api/access/roles/").body()).doesNotContain(name);
		assertThat(this.jdbc.sql("SELECT count(*) FROM audit_event WHERE changes::text LIKE :name")
			.param("name", "%" + name + "%")
			.query(Long.class)
			.single()).isZero();
		// The rolled-back event was never chained: the chain stays gap-free and intact.
		role(unique("after-failure"));
		this.sequencer.sealCommitted(PATIENCE);
		assertThat(this.jdbc.sql("SELECT last_id FROM audit_chain_head").query(Long.class).single())
			.isGreaterThan(before);
		assertThat(this.api.get("/api/audit/events/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

}
