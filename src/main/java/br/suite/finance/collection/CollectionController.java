package br.suite.finance.collection;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;

@RestController
@Tag(name = "Finance: collection (régua de cobrança)")
class CollectionController {

	private final Policies policies;

	private final CollectionRun run;

	private final CollectionMessages messages;

	CollectionController(Policies policies, CollectionRun run, CollectionMessages messages) {
		this.policies = policies;
		this.run = run;
		this.messages = messages;
	}

	/** What {@code POST …/collection/run/} answers. */
	record RunResponse(LocalDate date, boolean enabled, int decided, int sent, int failed, int skipped, int optedOut,
			int retried) {

		static RunResponse of(CollectionRun.Result result) {
			return new RunResponse(result.date(), result.enabled(), result.decided(), result.sent(), result.failed(),
					result.skipped(), result.optedOut(), result.retried());
		}

	}

	@GetMapping({ "/api/finance/collection-policy", "/api/finance/collection-policy/" })
	@Requires("finance.collection.view")
	@Operation(summary = "Read the collection policy (régua de cobrança)",
			description = "The defaults until it is first saved: disabled, 09:00, steps −3, 0, 3 and 10, the Portuguese "
					+ "templates, no receipt. mail_configured says whether SUITE_MAIL_HOST and SUITE_MAIL_FROM are set. "
					+ "ETag: its version.")
	ResponseEntity<PolicyResponse> get() {
		return this.policies.get().ok();
	}

	@PutMapping({ "/api/finance/collection-policy", "/api/finance/collection-policy/" })
	@Requires("finance.collection.change")
	@Operation(summary = "Set the collection policy",
			description = "Every field optional; an absent one takes its default. send_time HH:MM (America/Sao_Paulo); "
					+ "1 to 10 steps with distinct offset_days between −60 and 120 (stored in order); templates "
					+ "before (steps < 0), due (0) and after (> 0), each a subject (one line, ≤ 200) and a text "
					+ "(≤ 5000) with the placeholders {{pagador}}, {{valor}}, {{vencimento}}, {{descricao}}, {{link}} "
					+ "and {{pix}}: an unknown one is a 400 naming the field (templates.before.text). If-Match: 412 "
					+ "when stale. Audited.")
	ResponseEntity<PolicyResponse> put(@RequestBody PolicyRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.policies.put(request, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@PostMapping({ "/api/finance/collection/run", "/api/finance/collection/run/" })
	@Requires("finance.collection.change")
	@Operation(summary = "Run the régua de cobrança now",
			description = "What the daily run does at send_time, for today (America/Sao_Paulo): tries again the "
					+ "messages earlier runs could not send, then decides and sends today's (the latest due step of "
					+ "each open charge with an e-mail, at most once per charge and step). Answers what it did: "
					+ "decided (new messages), sent, failed, skipped, opted_out (of the messages it handled) and "
					+ "retried. Disabled policy: nothing (enabled false). 409 while another run is going on.")
	ResponseEntity<RunResponse> run() {
		return ResponseEntity.ok(RunResponse.of(this.run.run(this.run.today())));
	}

	@GetMapping({ "/api/finance/collection-messages", "/api/finance/collection-messages/" })
	@Requires("finance.collection.view")
	@Operation(summary = "List the collection e-mails",
			description = "A bare array, newest decided first. Filters: charge_id, status (pending, sent, failed, "
					+ "skipped, opted_out), from/to (inclusive days, America/Sao_Paulo, on when it was decided). "
					+ "to is masked (jo***@example.com). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<MessageResponse>> list(
			@RequestParam(name = "charge_id", required = false) @Nullable Long chargeId,
			@RequestParam(required = false) @Parameter(
					description = "pending, sent, failed, skipped or opted_out") @Nullable String status,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate from,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate to,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<MessageResponse> listing = this.messages.list(chargeId, status, from, to, paging);
		return paging.respond(listing.items(), listing.total());
	}

}
