package br.suite.finance.connection;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/connections")
@Tag(name = "Finance: provider connections")
class ConnectionRevertController {

	private final ConnectionReverts reverts;

	ConnectionRevertController(ConnectionReverts reverts) {
		this.reverts = reverts;
	}

	@Schema(name = "ConnectionRevertResponse")
	record RevertResponse(long connectionId, @Schema(
			description = "Transactions deleted: every one the connection's sync and webhook wrote") int deletedCount,
			@Schema(description = "One line per allocation that went with them (the charge or bill payment it fed)") List<String> notes) {
	}

	@PostMapping(PathIds.ID + "/revert-transactions")
	@Requires("finance.transactions.revert")
	@Operation(summary = "Revert every transaction a provider connection wrote",
			description = "For a forged or misconfigured connection: deletes, in one transaction, each transaction "
					+ "its Pix sync or webhook wrote (GET /api/finance/transactions/?connection_id= lists them; file "
					+ "rows of the same account stay), with their allocations, so the charges they paid reopen and "
					+ "the bill payments they settled are released; webhook calls still waiting are discarded. "
					+ "Audited. 409 while the connection is enabled (disable it first: its next sync would write the "
					+ "rows again); 404 for an unknown connection.")
	ResponseEntity<RevertResponse> revert(@PathVariable long id) {
		ConnectionReverts.Reverted reverted = this.reverts.revert(id);
		return ResponseEntity
			.ok(new RevertResponse(reverted.connectionId(), reverted.deletedCount(), reverted.notes()));
	}

}
