package br.suite.finance.allocation;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.CurrentUser;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/allocations")
@Tag(name = "Finance: reconciliation")
class AllocationController {

	private final AllocationService allocations;

	AllocationController(AllocationService allocations) {
		this.allocations = allocations;
	}

	@GetMapping
	@Requires("finance.reconciliation.view")
	@Operation(summary = "List allocations", description = "A bare array ordered by id. Filters: transaction_id, "
			+ "charge_id, fiscal_document_id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<AllocationResponse>> list(
			@RequestParam(name = "transaction_id", required = false) @Nullable Long transactionId,
			@RequestParam(name = "charge_id", required = false) @Nullable Long chargeId,
			@RequestParam(name = "fiscal_document_id", required = false) @Nullable Long fiscalDocumentId,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<AllocationResponse> listing = this.allocations
			.list(new AllocationService.Filter(transactionId, chargeId, fiscalDocumentId), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.reconciliation.view")
	@Operation(summary = "Read an allocation")
	AllocationResponse get(@PathVariable long id) {
		return this.allocations.get(id);
	}

	@PostMapping
	@Requires("finance.reconciliation.change")
	@Operation(summary = "Allocate part of a credit transaction", description = "Ties amount (default: the most "
			+ "both sides still have open) of a settled or pending credit transaction to a charge or a fiscal "
			+ "document (exactly one), rule manual. Missing rows are a 400 naming the field; an amount over the "
			+ "transaction's unallocated amount or the target's open amount is a 409 naming both amounts, as are a "
			+ "debit, reversed or cancelled transaction, a cancelled charge and a pair already allocated. "
			+ "Concurrent allocations of the same money take turns: only what is still open can be taken.")
	ResponseEntity<AllocationResponse> create(@RequestBody AllocationRequest request) {
		AllocationResponse created = this.allocations.create(request, CurrentUser.get().id());
		return ResponseEntity.created(URI.create("/api/finance/allocations/" + created.id() + "/")).body(created);
	}

	@DeleteMapping(PathIds.ID)
	@Requires("finance.reconciliation.change")
	@Operation(summary = "Delete an allocation", description = "The money goes back to the transaction's "
			+ "unallocated amount and the target's open amount.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.allocations.delete(id);
		return ResponseEntity.noContent().build();
	}

}
