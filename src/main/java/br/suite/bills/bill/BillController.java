package br.suite.bills.bill;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/finance/bills")
@Tag(name = "Bills")
class BillController {

	private final BillService bills;

	BillController(BillService bills) {
		this.bills = bills;
	}

	@GetMapping
	@Requires("finance.bills.view")
	@Operation(summary = "List bills", description = "A bare array, earliest first due date first, then id. "
			+ "Filters: direction, status (open, partially_paid, paid, cancelled), overdue, due_from/due_to (some "
			+ "installment due in the range, inclusive), competence_from/competence_to (inclusive), fornecedor_id, "
			+ "cliente_id, category_id, cost_centre_id (some split), recurrence_id, q (part of the description or "
			+ "document number), uncategorised (true: bills without a split yet, such as payables imported from an "
			+ "NF-e whose supplier has no default category, to review). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<BillResponse>> list(@RequestParam(required = false) @Nullable String direction,
			@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable Boolean overdue,
			@RequestParam(name = "due_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueFrom,
			@RequestParam(name = "due_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueTo,
			@RequestParam(name = "competence_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate competenceFrom,
			@RequestParam(name = "competence_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate competenceTo,
			@RequestParam(name = "fornecedor_id", required = false) @Nullable Long fornecedorId,
			@RequestParam(name = "cliente_id", required = false) @Nullable Long clienteId,
			@RequestParam(name = "category_id", required = false) @Nullable Long categoryId,
			@RequestParam(name = "cost_centre_id", required = false) @Nullable Long costCentreId,
			@RequestParam(name = "recurrence_id", required = false) @Nullable Long recurrenceId,
			@RequestParam(required = false) @Nullable String q,
			@RequestParam(required = false) @Nullable Boolean uncategorised,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<BillResponse> page = this.bills
			.list(new BillService.Filter(direction, status, overdue, dueFrom, dueTo, competenceFrom, competenceTo,
					fornecedorId, clienteId, categoryId, costCentreId, recurrenceId, q, uncategorised), paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("finance.bills.change")
	@Operation(summary = "Create a bill",
			description = "direction (payable with fornecedor_id, receivable with cliente_id), description, "
					+ "competence_date, total, category_id (+ cost_centre_id) or splits summing exactly to total "
					+ "(categories of the bill's kind: expense for payable, revenue for receivable; active), and "
					+ "installments: a list [{due_date, amount}] summing exactly to total, or {count, first_due_date} "
					+ "(monthly on the same day, the last day of a shorter month; total / count truncated to cents, "
					+ "the remainder on the first). recurrence {frequency: monthly, until} creates one bill per month "
					+ "up to until (each with its competence and due dates that many months later) and answers the "
					+ "first; the others share its recurrence_id.")
	ResponseEntity<BillResponse> create(@RequestBody BillRequest request) {
		var created = this.bills.create(request);
		return created.created("/api/finance/bills/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.bills.view")
	@Operation(summary = "Read a bill")
	ResponseEntity<BillResponse> get(@PathVariable long id) {
		return this.bills.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.bills.change")
	@Operation(summary = "Change what is still open of a bill",
			description = "fornecedor_id (a payable's) or cliente_id (a receivable's) while nothing is paid (409 "
					+ "with paid_amount otherwise; the other direction's party is a 400; a receivable's open charges "
					+ "take the new cliente as payer), description, document_number, competence_date, the "
					+ "classification (splits, or category_id/cost_centre_id), and installments [{number, due_date, "
					+ "amount}] of installments not fully paid (409 for a paid one; an amount below what was paid is "
					+ "a 400). total follows the installments; a bill of several splits needs splits summing to the "
					+ "new total. direction does not change (ignored). A cancelled bill no longer changes (409). "
					+ "If-Match honoured (412 when stale). A refusal writes nothing.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = BillRequest.class))))
	ResponseEntity<BillResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.bills.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@PostMapping(PathIds.ID + "/cancel")
	@Requires("finance.bills.change")
	@Operation(summary = "Cancel a bill", description = "Only while nothing is paid (409 naming paid_amount); a "
			+ "cancelled bill keeps its installments, with nothing open. Cancelling twice changes nothing. Bills "
			+ "are never deleted.")
	ResponseEntity<BillResponse> cancel(@PathVariable long id,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.bills.cancel(id, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
