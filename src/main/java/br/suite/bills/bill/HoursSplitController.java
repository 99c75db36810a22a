package br.suite.bills.bill;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/bills")
@Tag(name = "Bills")
class HoursSplitController {

	private final HoursSplitService splits;

	HoursSplitController(HoursSplitService splits) {
		this.splits = splits;
	}

	/** The body: the closed month whose hours share the bill. */
	record HoursSplitRequest(@Schema(example = "2026-11", description = "YYYY-MM") @Nullable String month) {
	}

	@PostMapping(PathIds.ID + "/split-by-hours")
	@Requires("finance.bills.change")
	@Operation(summary = "Share a bill across cost centres by the worked minutes of a closed month",
			description = "Replaces the bill's splits: each of its categories keeps its amount, shared among the cost "
					+ "centres in proportion to the worked minutes the time clock froze for the month (the closed "
					+ "espelhos), grouped by each employee's cost_centre_id (employees without one in a split without "
					+ "cost centre, named \"sem centro de custo\"); cents exact by largest remainder. The answer lists "
					+ "minutes and amount per cost centre and the bill with its new splits. 409 when the month is not "
					+ "closed in an establishment whose employees have marks in it (establishment_ids), when no "
					+ "closed espelho has worked minutes, or for a paid or cancelled bill; 400 naming month. If-Match "
					+ "honoured; audited as finance.bill.split_by_hours.")
	ResponseEntity<HoursSplitResponse> split(@PathVariable long id, @RequestBody HoursSplitRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.splits.split(id, request.month(), ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
