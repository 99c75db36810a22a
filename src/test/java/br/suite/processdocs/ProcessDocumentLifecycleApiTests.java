package br.suite.processdocs;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Status moves, approval, what approval locks, deletion and the history that records all
 * of it.
 */
class ProcessDocumentLifecycleApiTests extends ProcessDocsTest {

	static final Map<String, Set<String>> ALLOWED = Map.of("draft", Set.of("in_review"), "in_review",
			Set.of("approved", "draft"), "approved", Set.of("obsolete", "in_review"), "obsolete", Set.of());

	@Test
	void everyAllowedTransitionMovesTheDocument() {
		ALLOWED.forEach((from, targets) -> targets.forEach(to -> {
			long id = inStatus(from, "");
			// The administrator made the document, so another user approves it
			// (separation of duties).
			Api caller = to.equals("approved") ? approver() : this.api;
			Response moved = caller.patch(path(id), "{\"status\":\"" + to + "\"}");
			assertThat(moved.status()).as(from + " → " + to).isEqualTo(200);
			assertThat(moved.json().get("status").asString()).isEqualTo(to);
			assertThat(read(id).get("status").asString()).isEqualTo(to);
			JsonNode last = lastHistoryEntry(id);
			assertThat(last.get("action").asString()).isEqualTo("updated");
			assertThat(last.get("changes").get("status").get("from").asString()).isEqualTo(from);
			assertThat(last.get("changes").get("status").get("to").asString()).isEqualTo(to);
		}));
	}

	@Test
	void everyOtherTransitionIs409NamingBothStatuses() {
		for (String from : STATUSES) {
			long id = inStatus(from, "");
			JsonNode before = read(id);
			for (String to : STATUSES) {
				if (to.equals(from) || ALLOWED.get(from).contains(to)) {
					continue;
				}
				Response refused = this.api.patch(path(id), "{\"status\":\"" + to + "\"}");
				assertThat(refused.status()).as(from + " → " + to).isEqualTo(409);
				assertThat(refused.contentType()).startsWith("application/problem+json");
				JsonNode problem = refused.json();
				assertThat(problem.get("current_status").asString()).isEqualTo(from);
				assertThat(problem.get("requested_status").asString()).isEqualTo(to);
				assertThat(problem.get("detail").asString()).contains(from, to);
			}
			assertThat(read(id)).isEqualTo(before);
		}
	}

	@Test
	void stayingInTheSameStatusIsNoMove() {
		for (String status : STATUSES) {
			long id = inStatus(status, "");
			JsonNode before = read(id);
			assertThat(patch(id, "{\"status\":\"" + status + "\"}")).isEqualTo(before);
		}
	}

	@Test
	void aNewDocumentStartsAsDraftOrGoesStraightToReview() {
		assertThat(create(",\"status\":\"in_review\"").get("status").asString()).isEqualTo("in_review");
		String marker = unique("born-approved");
		for (String status : List.of("approved", "obsolete")) {
			Response refused = this.api.post(BASE, body(marker, ",\"status\":\"" + status + "\""));
			assertThat(refused.status()).isEqualTo(409);
			assertThat(refused.json().get("current_status").asString()).isEqualTo("draft");
			assertThat(refused.json().get("requested_status").asString()).isEqualTo(status);
		}
		assertThat(this.api.get(BASE + "?q=" + marker).json().size()).isZero();
	}

	@Test
	void approvingRecordsTheApproverAndTheDate() {
		long id = inStatus("in_review", ",\"review_cycle_days\":180,\"last_review_at\":\"2026-01-15\"");
		JsonNode approved = approve(id);
		assertThat(approved.get("approved_by").asString()).startsWith("user-");
		assertThat(approved.get("approved_by_id").asLong()).isNotEqualTo(1);
		assertThat(approved.get("approved_at").asString()).isEqualTo(today().toString());
		assertThat(approved.get("last_review_at").asString()).isEqualTo("2026-01-15");
		assertThat(approved.get("next_review_at").asString()).isEqualTo("2026-07-14");

		JsonNode obsolete = patch(id, "{\"status\":\"obsolete\"}");
		assertThat(obsolete.get("approved_by").asString()).isEqualTo(approved.get("approved_by").asString());
		assertThat(obsolete.get("approved_at").asString()).isEqualTo(today().toString());
	}

	@Test
	void aRevisionWithdrawsTheApprovalAndTheHistoryKeepsIt() {
		long id = inStatus("approved", "");
		JsonNode revision = patch(id, "{\"status\":\"in_review\",\"version\":\"2.0\"}");
		assertThat(revision.get("approved_by").isNull()).isTrue();
		assertThat(revision.get("approved_by_id").isNull()).isTrue();
		assertThat(revision.get("approved_at").isNull()).isTrue();
		JsonNode changes = lastHistoryEntry(id).get("changes");
		assertThat(changes.get("approved_by").get("from").asString()).startsWith("user-");
		assertThat(changes.get("approved_by").get("to").isNull()).isTrue();
		assertThat(changes.get("version").get("to").asString()).isEqualTo("2.0");
	}

	@Test
	void approvalStartsTheReviewClockWhenItWasNotRunning() {
		long id = inStatus("in_review", ",\"review_cycle_days\":30");
		JsonNode approved = approve(id);
		assertThat(approved.get("last_review_at").asString()).isEqualTo(today().toString());
		assertThat(approved.get("next_review_at").asString()).isEqualTo(today().plusDays(30).toString());
	}

	@Test
	void approvingNeedsTheApprovePermissionBesidesChange() {
		Api editor = signedInWith("processdocs.documents.view", "processdocs.documents.change");
		Api approverOnly = signedInWith("processdocs.documents.view", "processdocs.documents.approve");
		Api approver = signedInWith("processdocs.documents.view", "processdocs.documents.change",
				"processdocs.documents.approve");
		long id = inStatus("in_review", "");
		Response refused = editor.patch(path(id), "{\"status\":\"approved\"}");
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.json().get("detail").asString()).contains("processdocs.documents.approve");
		assertThat(approverOnly.patch(path(id), "{\"status\":\"approved\"}").status()).isEqualTo(403);
		assertThat(read(id).get("status").asString()).isEqualTo("in_review");

		assertThat(editor.patch(path(id), "{\"status\":\"draft\"}").status()).isEqualTo(200);
		assertThat(editor.patch(path(id), "{\"status\":\"in_review\"}").status()).isEqualTo(200);
		Response approved = approver.patch(path(id), "{\"status\":\"approved\"}");
		assertThat(approved.status()).isEqualTo(200);
		assertThat(approved.json().get("approved_by").asString()).startsWith("user-");
		assertThat(editor.patch(path(id), "{\"status\":\"obsolete\"}").status()).isEqualTo(200);
	}

	@Test
	void approvedDocumentsKeepTheirContentUntilRevised() {
		long id = inStatus("approved", ",\"description\":\"v1\"");
		JsonNode before = read(id);
		for (String change : List.of("{\"title\":\"changed\"}", "{\"process_area\":\"x\"}", "{\"category\":\"x\"}",
				"{\"version\":\"9\"}", "{\"description\":\"v2\"}",
				"{\"status\":\"obsolete\",\"description\":\"v2\"}")) {
			Response refused = this.api.patch(path(id), change);
			assertThat(refused.status()).as(change).isEqualTo(409);
			assertThat(refused.json().get("detail").asString()).contains("in_review");
		}
		Response named = this.api.patch(path(id), "{\"title\":\"a\",\"version\":\"2\",\"owner\":\"x\"}");
		assertThat(named.json().get("fields").toString()).isEqualTo("[\"title\",\"version\"]");
		assertThat(read(id)).isEqualTo(before);

		JsonNode scheduled = patch(id, "{\"owner\":\"Dona\",\"tags\":[\"t\"],\"review_cycle_days\":10,"
				+ "\"last_review_at\":\"2026-03-01\"}");
		assertThat(scheduled.get("owner").asString()).isEqualTo("Dona");
		assertThat(scheduled.get("next_review_at").asString()).isEqualTo("2026-03-11");
		assertThat(scheduled.get("status").asString()).isEqualTo("approved");

		JsonNode revised = patch(id, "{\"status\":\"in_review\",\"description\":\"v2\",\"version\":\"2.0\"}");
		assertThat(revised.get("description").asString()).isEqualTo("v2");
		patch(id, "{\"title\":\"Final\"}");
		JsonNode reapproved = approve(id);
		assertThat(reapproved.get("title").asString()).isEqualTo("Final");
		assertThat(reapproved.get("approved_by").asString()).startsWith("user-");

		long obsolete = inStatus("obsolete", "");
		assertThat(this.api.patch(path(obsolete), "{\"title\":\"back\"}").status()).isEqualTo(409);
	}

	@Test
	void onlyDraftsAreDeleted() {
		long draft = inStatus("draft", "");
		assertThat(this.api.delete(path(draft)).status()).isEqualTo(204);
		assertThat(this.api.get(path(draft)).status()).isEqualTo(404);
		assertThat(this.api.get(path(draft) + "history/").status()).isEqualTo(404);
		assertThat(this.api.delete(path(draft)).status()).isEqualTo(404);
		for (String status : List.of("in_review", "approved", "obsolete")) {
			long id = inStatus(status, "");
			JsonNode before = read(id);
			Response refused = this.api.delete(path(id));
			assertThat(refused.status()).as(status).isEqualTo(409);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("status").asString()).isEqualTo(status);
			assertThat(read(id)).isEqualTo(before);
		}
		assertThat(this.api.delete(path(inStatus("approved", ""))).json().get("detail").asString())
			.contains("obsolete");
	}

	@Test
	void historyRecordsWhoWhenAndEachFieldFromWhatToWhat() {
		Api editor = signedInWith("processdocs.documents.view", "processdocs.documents.change");
		Response created = editor.post(BASE, body("Histórico", ",\"tags\":[\"a\"],\"review_cycle_days\":10"));
		long id = created.id();
		editor.patch(path(id), "{\"title\":\"Histórico 2\",\"last_review_at\":\"2026-02-20\"}");
		editor.patch(path(id), "{\"status\":\"in_review\"}");
		this.api.patch(path(id), "{\"status\":\"approved\"}");

		Response history = editor.get(path(id) + "history/");
		assertThat(history.status()).isEqualTo(200);
		JsonNode entries = history.json();
		assertThat(entries.isArray()).isTrue();
		assertThat(entries.size()).isEqualTo(4);
		for (JsonNode entry : entries) {
			assertThat(entry.propertyNames()).containsExactly("id", "action", "changed_at", "changed_by_id",
					"changed_by", "changes");
			assertThat(entry.get("changed_at").asString()).matches(DATE_TIME);
		}
		assertThat(entries.get(0).get("id").asLong()).isLessThan(entries.get(1).get("id").asLong());

		JsonNode creation = entries.get(0);
		assertThat(creation.get("action").asString()).isEqualTo("created");
		assertThat(creation.get("changed_by").asString()).startsWith("user-");
		assertThat(creation.get("changes").get("title").get("from").isNull()).isTrue();
		assertThat(creation.get("changes").get("title").get("to").asString()).isEqualTo("Histórico");
		assertThat(creation.get("changes").get("code").get("to").asString())
			.isEqualTo(created.json().get("code").asString());
		assertThat(creation.get("changes").get("tags").get("to").toString()).isEqualTo("[\"a\"]");
		assertThat(creation.get("changes").get("review_cycle_days").get("to").asInt()).isEqualTo(10);
		assertThat(creation.get("changes").has("last_review_at")).isFalse();

		JsonNode edit = entries.get(1);
		assertThat(edit.get("action").asString()).isEqualTo("updated");
		assertThat(edit.get("changes").propertyNames()).containsExactly("title", "last_review_at", "next_review_at");
		assertThat(edit.get("changes").get("title").get("from").asString()).isEqualTo("Histórico");
		assertThat(edit.get("changes").get("title").get("to").asString()).isEqualTo("Histórico 2");
		assertThat(edit.get("changes").get("last_review_at").get("from").isNull()).isTrue();
		assertThat(edit.get("changes").get("next_review_at").get("to").asString()).isEqualTo("2026-03-02");

		JsonNode approval = entries.get(3);
		assertThat(approval.get("changed_by").asString()).isEqualTo("admin");
		assertThat(approval.get("changed_by_id").asLong()).isEqualTo(1);
		assertThat(approval.get("changes").propertyNames()).containsExactly("status", "approved_by", "approved_by_id",
				"approved_at");
		assertThat(approval.get("changes").get("approved_at").get("to").asString()).isEqualTo(today().toString());

		Response page = editor.get(path(id) + "history/?limit=2&offset=1");
		assertThat(page.json().size()).isEqualTo(2);
		assertThat(page.json().get(0)).isEqualTo(entries.get(1));
		assertThat(page.header("X-Total-Count")).contains("4");
	}

	JsonNode lastHistoryEntry(long id) {
		JsonNode entries = this.api.get(path(id) + "history/").json();
		return entries.get(entries.size() - 1);
	}

}
