package br.suite.processdocs;

import java.time.LocalDate;
import java.time.ZoneId;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the process-document API tests share: creating documents, moving them, and other
 * callers.
 */
abstract class ProcessDocsTest extends ApiTest {

	static final String BASE = "/api/process-documents/";

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	static final String[] STATUSES = { "draft", "in_review", "approved", "obsolete" };

	static LocalDate today() {
		return LocalDate.now(ZoneId.of("America/Sao_Paulo"));
	}

	static String path(long id) {
		return BASE + id + "/";
	}

	/**
	 * A minimal valid document body with extra JSON members appended ({@code ,"x":1}).
	 */
	static String body(String title, String extra) {
		return "{\"title\":\"" + title + "\",\"process_area\":\"Qualidade\",\"category\":\"Procedimento\","
				+ "\"owner\":\"Ana Souza\"" + extra + "}";
	}

	JsonNode create(String extra) {
		Response created = this.api.post(BASE, body(unique("Doc"), extra));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.json();
	}

	long createId(String extra) {
		return create(extra).get("id").asLong();
	}

	JsonNode patch(long id, String json) {
		Response patched = this.api.patch(path(id), json);
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		return patched.json();
	}

	JsonNode read(long id) {
		Response read = this.api.get(path(id));
		assertThat(read.status()).as(read.toString()).isEqualTo(200);
		return read.json();
	}

	private Api approver;

	/**
	 * Someone other than the administrator, who creates and edits the tests' documents:
	 * separation of duties keeps a document's last editor from approving it.
	 */
	Api approver() {
		if (this.approver == null) {
			this.approver = signedInWith("processdocs.documents.view", "processdocs.documents.change",
					"processdocs.documents.approve");
		}
		return this.approver;
	}

	JsonNode approve(long id) {
		Response approved = approver().patch(path(id), "{\"status\":\"approved\"}");
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		return approved.json();
	}

	/**
	 * A new document already moved to {@code status} along the allowed path (approved by
	 * {@link #approver()}).
	 */
	long inStatus(String status, String extra) {
		long id = createId(extra);
		switch (status) {
			case "draft" -> {
			}
			case "in_review" -> patch(id, "{\"status\":\"in_review\"}");
			case "approved" -> {
				patch(id, "{\"status\":\"in_review\"}");
				approve(id);
			}
			case "obsolete" -> {
				patch(id, "{\"status\":\"in_review\"}");
				approve(id);
				patch(id, "{\"status\":\"obsolete\"}");
			}
			default -> throw new IllegalArgumentException(status);
		}
		assertThat(read(id).get("status").asString()).isEqualTo(status);
		return id;
	}

}
