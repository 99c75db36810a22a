package br.suite.finance.pix;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.finance.connection.ConnectionTestResponse;
import br.suite.finance.transaction.SyncLogResponse;
import br.suite.shared.PathIds;
import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/connections")
@Tag(name = "Finance: provider connections")
class ProviderSyncController {

	private final PixSyncService pix;

	ProviderSyncController(PixSyncService pix) {
		this.pix = pix;
	}

	@PostMapping(PathIds.ID + "/test")
	@Requires("finance.connections.change")
	@RateLimited(RateLimited.Kind.PROVIDER_CALLS)
	@Operation(summary = "Test a connection's credentials at its provider",
			description = "Gets a token (mutual TLS) and calls GET /pix over the last minute; sets the connection's "
					+ "status: active, revoked (401 with a fresh token, 403, refused token request) or error (network, "
					+ "TLS, 5xx after retries; message says why). 404 without credentials.")
	ResponseEntity<ConnectionTestResponse> test(@PathVariable long id) {
		PixSyncService.TestOutcome outcome = this.pix.test(id);
		return ResponseEntity.ok(new ConnectionTestResponse(outcome.status(), outcome.message()));
	}

	@PostMapping(PathIds.ID + "/sync")
	@Requires("finance.connections.change")
	@RateLimited(RateLimited.Kind.PROVIDER_CALLS)
	@Operation(summary = "Pull the Pix received from the provider now",
			description = "GET /pix with every page over date_from..date_to (default: since the last successful sync "
					+ "minus 10 minutes), plus the devoluções of the last 90 days; each Pix a settled credit "
					+ "(external_id = end_to_end_id = endToEndId, correlation_id = txid), each devolução DEVOLVIDO a "
					+ "settled debit (external_id = rtrId); then the automatic matching. Idempotent. Answers the run's "
					+ "sync log (flow provider_sync; status success, partial or failed with the reason).")
	ResponseEntity<SyncLogResponse> sync(@PathVariable long id,
			@RequestBody(required = false) @Nullable ProviderSyncRequest request) {
		ProviderSyncRequest window = request == null ? new ProviderSyncRequest(null, null) : request;
		return ResponseEntity.ok(this.pix.sync(id, window.dateFrom(), window.dateTo()));
	}

}
