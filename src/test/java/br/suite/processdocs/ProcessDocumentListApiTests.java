package br.suite.processdocs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Codes, the review schedule and the list with its filters. */
class ProcessDocumentListApiTests extends ProcessDocsTest {

	@Test
	void nextReviewIsLastReviewPlusTheCycleInCalendarDays() {
		long id = createId("");
		String[][] cases = { { "2024-02-28", "1", "2024-02-29" }, { "2023-02-28", "1", "2023-03-01" },
				{ "2024-02-29", "365", "2025-02-28" }, { "2024-02-29", "366", "2025-03-01" },
				{ "2024-01-31", "30", "2024-03-01" }, { "2023-01-31", "30", "2023-03-02" },
				{ "2024-01-31", "29", "2024-02-29" }, { "2025-12-31", "1", "2026-01-01" },
				{ "2026-04-30", "31", "2026-05-31" }, { "2000-02-28", "1", "2000-02-29" },
				{ "2100-02-28", "1", "2100-03-01" }, { "2024-03-01", "3650", "2034-02-27" },
				{ "2027-03-01", "365", "2028-02-29" }, { "2026-11-25", "1", "2026-11-26" } };
		for (String[] c : cases) {
			JsonNode patched = patch(id, "{\"last_review_at\":\"" + c[0] + "\",\"review_cycle_days\":" + c[1] + "}");
			assertThat(patched.get("next_review_at").asString()).as(c[0] + " + " + c[1]).isEqualTo(c[2]);
			assertThat(read(id).get("next_review_at").asString()).isEqualTo(c[2]);
		}
	}

	@Test
	void nextReviewFollowsEveryChangeAndIsNeverTakenFromTheClient() {
		JsonNode created = create(",\"next_review_at\":\"2030-01-01\"");
		long id = created.get("id").asLong();
		assertThat(created.get("next_review_at").isNull()).isTrue();
		assertThat(patch(id, "{\"review_cycle_days\":10}").get("next_review_at").isNull()).isTrue();
		assertThat(patch(id, "{\"last_review_at\":\"2026-01-01\"}").get("next_review_at").asString())
			.isEqualTo("2026-01-11");
		assertThat(patch(id, "{\"review_cycle_days\":20}").get("next_review_at").asString()).isEqualTo("2026-01-21");
		assertThat(patch(id, "{\"next_review_at\":\"2031-01-01\"}").get("next_review_at").asString())
			.isEqualTo("2026-01-21");
		assertThat(patch(id, "{\"last_review_at\":null}").get("next_review_at").isNull()).isTrue();
		JsonNode both = create(",\"review_cycle_days\":1,\"last_review_at\":\"2024-12-31\"");
		assertThat(both.get("next_review_at").asString()).isEqualTo("2025-01-01");
	}

	@Test
	void codesAreSequentialDistinctAndConsecutiveUnderConcurrentCreation() throws Exception {
		String tag = unique("concurrent");
		ExecutorService pool = Executors.newFixedThreadPool(20);
		List<CompletableFuture<Response>> posts = new ArrayList<>();
		try {
			for (int i = 0; i < 20; i++) {
				String body = body("Paralelo " + i, ",\"tags\":[\"" + tag + "\"]");
				posts.add(CompletableFuture.supplyAsync(() -> this.api.post(BASE, body), pool));
			}
			for (CompletableFuture<Response> post : posts) {
				assertThat(post.get().status()).as(post.get().toString()).isEqualTo(201);
			}
		}
		finally {
			pool.shutdown();
		}
		List<Long> numbers = posts.stream()
			.map(post -> post.join().json().get("code").asString())
			.peek(code -> assertThat(code).matches("PD-\\d{4,}"))
			.map(code -> Long.parseLong(code.substring(3)))
			.sorted()
			.toList();
		assertThat(numbers).doesNotHaveDuplicates().hasSize(20);
		assertThat(numbers.get(19) - numbers.get(0)).isEqualTo(19);

		JsonNode listed = this.api.get(BASE + "?tag=" + tag).json();
		assertThat(listed.size()).isEqualTo(20);
		for (int i = 0; i < 20; i++) {
			assertThat(listed.get(i).get("code").asString()).isEqualTo(String.format("PD-%04d", numbers.get(i)));
		}
	}

	@Test
	void codesAreNeverReusedNorChanged() {
		JsonNode deleted = create("");
		assertThat(this.api.delete(path(deleted.get("id").asLong())).status()).isEqualTo(204);
		JsonNode next = create("");
		assertThat(number(next)).isGreaterThan(number(deleted));
		long id = next.get("id").asLong();
		patch(id, "{\"code\":\"PD-0001\",\"title\":\"renamed\"}");
		assertThat(read(id).get("code")).isEqualTo(next.get("code"));
	}

	@Test
	void listsABareArrayOrderedByCodeWithFilters() {
		String tag = unique("lista");
		long a = createId(",\"tags\":[\"" + tag + "\",\"Auditoria\"],\"description\":\"Trata de calibração\"");
		Response second = this.api.post(BASE, "{\"title\":\"Compras " + tag + "\",\"process_area\":\"Suprimentos\","
				+ "\"category\":\"Instrução\",\"owner\":\"Bruno Lima\",\"tags\":[\"" + tag.toUpperCase() + "\"]}");
		long b = second.id();
		long c = inStatus("in_review", ",\"tags\":[\"" + tag + "\"]");

		Response all = this.api.get(BASE + "?tag=" + tag);
		assertThat(all.status()).isEqualTo(200);
		assertThat(all.contentType()).startsWith("application/json");
		assertThat(ids(all)).containsExactly(a, b, c);
		assertThat(all.json().get(0)).isEqualTo(read(a));

		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&status=in_review"))).containsExactly(c);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&process_area=suprimentos"))).containsExactly(b);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&category=INSTRU%C3%87%C3%83O"))).containsExactly(b);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&owner=bruno%20lima"))).containsExactly(b);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&q=calibra%C3%A7%C3%A3o"))).containsExactly(a);
		assertThat(ids(this.api.get(BASE + "?q=" + tag.toUpperCase()))).containsExactly(b);
		assertThat(ids(this.api.get(BASE + "?tag=auditoria&q=calibra%C3%A7%C3%A3o"))).contains(a);
		String code = read(c).get("code").asString();
		assertThat(ids(this.api.get(BASE + "?q=" + code))).containsExactly(c);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&q=100%25"))).isEmpty();

		Response page = this.api.get(BASE + "?tag=" + tag + "&limit=2&offset=1");
		assertThat(ids(page)).containsExactly(b, c);
		assertThat(page.header("X-Total-Count")).contains("3");
		assertThat(all.header("X-Total-Count")).isEmpty();
	}

	@Test
	void reviewDueAndOverdueListsUseTodayInSaoPaulo() {
		String tag = unique("revisao");
		String tags = ",\"tags\":[\"" + tag + "\"],\"review_cycle_days\":10";
		long inTenDays = inStatus("approved", tags + ",\"last_review_at\":\"" + today() + "\"");
		long inThirty = inStatus("approved", tags + ",\"last_review_at\":\"" + today().plusDays(20) + "\"");
		long inThirtyOne = inStatus("approved", tags + ",\"last_review_at\":\"" + today().plusDays(21) + "\"");
		long dueToday = inStatus("in_review", tags + ",\"last_review_at\":\"" + today().minusDays(10) + "\"");
		long overdue = inStatus("approved", tags + ",\"last_review_at\":\"" + today().minusDays(11) + "\"");
		long obsoleteOverdue = inStatus("obsolete", tags + ",\"last_review_at\":\"" + today().minusDays(400) + "\"");
		long unscheduled = createId(",\"tags\":[\"" + tag + "\"]");

		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&review_due_within=30"))).containsExactly(inTenDays,
				inThirty, dueToday, overdue);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&review_due_within=0"))).containsExactly(dueToday, overdue);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&overdue=true"))).containsExactly(overdue);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&overdue=false"))).containsExactly(inTenDays, inThirty,
				inThirtyOne, dueToday, obsoleteOverdue, unscheduled);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&review_due_within=30&overdue=false")))
			.containsExactly(inTenDays, inThirty, dueToday);
		assertThat(ids(this.api.get(BASE + "?tag=" + tag + "&review_due_within=30&status=approved")))
			.containsExactly(inTenDays, inThirty, overdue);
	}

	@Test
	void invalidFiltersAre400NamingTheParameter() {
		for (String query : List.of("status=published", "review_due_within=-1", "review_due_within=3651",
				"review_due_within=abc", "review_due_within=1.5", "overdue=maybe", "limit=0", "offset=-1", "q=a%00b",
				"tag=%00", "process_area=%00", "category=x%00", "owner=%00")) {
			Response refused = this.api.get(BASE + "?" + query);
			assertThat(refused.status()).as(query).isEqualTo(400);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("errors").has(query.substring(0, query.indexOf('=')))).as(query).isTrue();
		}
		assertThat(this.api.get(BASE + "?status=published").json().get("detail").asString()).contains("draft",
				"in_review", "approved", "obsolete");
	}

	static long number(JsonNode document) {
		return Long.parseLong(document.get("code").asString().substring(3));
	}

	static List<Long> ids(Response list) {
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		assertThat(list.json().isArray()).isTrue();
		List<Long> ids = new ArrayList<>();
		list.json().forEach(document -> ids.add(document.get("id").asLong()));
		return ids;
	}

}
