package br.suite.audit;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/audit")
@Tag(name = "Audit")
class AuditController {

	private final AuditEvents events;

	private final AuditSequencer sequencer;

	AuditController(AuditEvents events, AuditSequencer sequencer) {
		this.events = events;
		this.sequencer = sequencer;
	}

	@GetMapping("/events")
	@Requires("audit.events.view")
	@Operation(summary = "List audit events, newest first",
			description = "Who changed what, when and from where. Dates are days in America/Sao_Paulo, both inclusive.")
	ResponseEntity<List<AuditEventResponse>> list(
			@RequestParam(name = "actor_id", required = false) @Nullable Long actorId,
			@RequestParam(required = false) @Nullable String action,
			@RequestParam(name = "resource_type", required = false) @Nullable String resourceType,
			@RequestParam(name = "resource_id", required = false) @Nullable String resourceId,
			@RequestParam(name = "date_from", required = false) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to", required = false) @Nullable LocalDate dateTo,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<AuditEventResponse> listing = this.events
			.list(new AuditEvents.Filter(actorId, action, resourceType, resourceId, dateFrom, dateTo), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@GetMapping("/events/verify-chain")
	@Requires("audit.events.view")
	@Operation(summary = "Check the audit chain",
			description = "Seals the events ready to be chained, then recomputes every sealed event's SHA-256 and link "
					+ "in chain order and reports whether the chain is intact, how far it is sealed and what is not sealed yet.")
	AuditChainReport verifyChain() {
		this.sequencer.sealPending();
		return this.events.verifyChain();
	}

}
