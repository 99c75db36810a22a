package br.suite.finance.transaction;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/sync-logs")
@Tag(name = "Finance: sync logs")
class SyncLogController {

	private final SyncLogService logs;

	SyncLogController(SyncLogService logs) {
		this.logs = logs;
	}

	@GetMapping
	@Requires("finance.sync_logs.view")
	@Operation(summary = "List sync logs", description = "A bare array, newest started_at first, then id (newest "
			+ "first). Filters: provider, flow, status. Optional limit/offset add X-Total-Count. Logs are written "
			+ "by imports, provider sync and webhooks, never through this API.")
	ResponseEntity<List<SyncLogResponse>> list(@RequestParam(required = false) @Nullable String provider,
			@RequestParam(required = false) @Parameter(
					description = "csv_import, provider_sync or webhook") @Nullable String flow,
			@RequestParam(required = false) @Parameter(
					description = "running, success, partial or failed") @Nullable String status,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<SyncLogResponse> listing = this.logs.list(new SyncLogService.Filter(provider, flow, status),
				paging);
		return paging.respond(listing.items(), listing.total());
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.sync_logs.view")
	@Operation(summary = "Read a sync log")
	SyncLogResponse get(@PathVariable long id) {
		return this.logs.get(id);
	}

}
