package br.suite.audit;

import java.util.ArrayList;
import java.util.List;

import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** API tests that read the audit log as the administrator. */
abstract class AuditTest extends ApiTest {

	/** The admin's view of the events matching the query, newest first. */
	List<JsonNode> events(String query) {
		Response listed = this.api.get("/api/audit/events/?" + query);
		assertThat(listed.status()).as(listed.toString()).isEqualTo(200);
		List<JsonNode> events = new ArrayList<>();
		listed.json().forEach(events::add);
		return events;
	}

	/** The one event matching the query. */
	JsonNode only(String query) {
		List<JsonNode> events = events(query);
		assertThat(events).as(query).hasSize(1);
		return events.get(0);
	}

}
