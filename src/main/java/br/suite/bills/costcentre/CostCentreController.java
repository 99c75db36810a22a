package br.suite.bills.costcentre;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
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
@RequestMapping("/api/finance/cost-centres")
@Tag(name = "Bills: cost centres")
class CostCentreController {

	private static final String RULES = " code (unique: 409 naming existing_id, ≤ 20) and name (≤ 200) are required.";

	private final CostCentreService centres;

	CostCentreController(CostCentreService centres) {
		this.centres = centres;
	}

	@GetMapping
	@Requires("finance.cost_centres.view")
	@Operation(summary = "List cost centres", description = "A bare array ordered by code, then id. Filters: "
			+ "active, q (part of the code or name). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<CostCentreResponse>> list(@RequestParam(required = false) @Nullable Boolean active,
			@RequestParam(required = false) @Nullable String q, @RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<CostCentreResponse> page = this.centres.list(active, q, paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("finance.cost_centres.change")
	@Operation(summary = "Create a cost centre", description = "active defaults to true." + RULES)
	ResponseEntity<CostCentreResponse> create(@RequestBody CostCentreRequest request) {
		var created = this.centres.create(request);
		return created.created("/api/finance/cost-centres/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.cost_centres.view")
	@Operation(summary = "Read a cost centre")
	ResponseEntity<CostCentreResponse> get(@PathVariable long id) {
		return this.centres.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.cost_centres.change")
	@Operation(summary = "Change some fields of a cost centre",
			description = "Changes only the fields sent, with the rules of create." + RULES
					+ " Cost centres are not deleted: deactivate one with {\"active\": false} (bills keep it, new "
					+ "bills cannot take it).",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = CostCentreRequest.class))))
	ResponseEntity<CostCentreResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.centres.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
