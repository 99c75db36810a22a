package br.suite.processdocs;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Separation of duties: nobody approves a document they own or last edited. */
class ProcessDocumentApprovalDutiesApiTests extends ProcessDocsTest {

	/**
	 * A refused approval answers 409 naming the rule and leaves the document and its
	 * history as they were.
	 */
	void assertRefused(Api caller, long id, String patch, String relation) {
		JsonNode before = read(id);
		long entries = this.api.get(path(id) + "history/").json().size();
		Response refused = caller.patch(path(id), patch);
		assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.json().get("rule").asString()).isEqualTo("no_self_approval");
		assertThat(refused.json().get("relation").asString()).isEqualTo(relation);
		assertThat(refused.json().get("detail").asString()).contains("processdocs.documents.approve");
		assertThat(read(id)).isEqualTo(before);
		assertThat(this.api.get(path(id) + "history/").json().size()).isEqualTo(entries);
	}

	@Test
	void nobodyApprovesADocumentTheyCreated() {
		Response created = approver().post(BASE, body(unique("Própria"), ",\"status\":\"in_review\""));
		long id = created.id();
		assertRefused(approver(), id, "{\"status\":\"approved\"}", "last_editor");
		// Someone else may: the administrator neither owns it nor made its content.
		assertThat(this.api.patch(path(id), "{\"status\":\"approved\"}").status()).isEqualTo(200);
	}

	@Test
	void nobodyApprovesADocumentTheyLastEdited() {
		long id = inStatus("in_review", "");
		assertThat(approver().patch(path(id), "{\"description\":\"revisado por mim\"}").status()).isEqualTo(200);
		assertRefused(approver(), id, "{\"status\":\"approved\"}", "last_editor");

		// A later content change by someone else makes the approver a reviewer of that
		// change again.
		patch(id, "{\"description\":\"revisado pela administração\"}");
		// Changes outside the content (tags, schedule) do not make anyone its editor.
		assertThat(approver().patch(path(id), "{\"tags\":[\"iso\"]}").status()).isEqualTo(200);
		assertThat(approve(id).get("status").asString()).isEqualTo("approved");
	}

	@Test
	void anApprovalCannotCarryTheApproversOwnEdits() {
		long id = inStatus("in_review", "");
		assertRefused(approver(), id, "{\"status\":\"approved\",\"title\":\"Ajustado na aprovação\"}", "last_editor");
	}

	@Test
	void nobodyApprovesADocumentTheyOwnByUsernameOrFullName() {
		String username = unique("dona");
		String fullName = "Beatriz " + unique("Lima");
		Api owner = userWith(username, fullName);
		long byName = createId(",\"owner\":\"" + fullName.toUpperCase(java.util.Locale.ROOT) + "\"");
		patch(byName, "{\"status\":\"in_review\"}");
		assertRefused(owner, byName, "{\"status\":\"approved\"}", "owner");
		long byUsername = createId(",\"owner\":\" " + username + " \"");
		patch(byUsername, "{\"status\":\"in_review\"}");
		assertRefused(owner, byUsername, "{\"status\":\"approved\"}", "owner");
		// Handing the document to someone else in the approving request does not help.
		assertRefused(owner, byUsername, "{\"status\":\"approved\",\"owner\":\"Outra Pessoa\"}", "owner");

		long other = inStatus("in_review", "");
		assertThat(owner.patch(path(other), "{\"status\":\"approved\"}").status()).isEqualTo(200);
	}

	/** A signed-in user with a full name who may view, change and approve documents. */
	Api userWith(String username, String fullName) {
		long role = this.api
			.post("/api/access/roles/",
					json("name", unique("Aprovador"), "permissions", java.util.List.of("processdocs.documents.view",
							"processdocs.documents.change", "processdocs.documents.approve")))
			.id();
		Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", fullName, "role_id", role));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return this.api.as(this.api.signIn(username, user.json().get("temporary_password").asString()));
	}

}
