package br.suite.finance.transaction;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
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
@RequestMapping("/api/finance/category-rules")
@Tag(name = "Finance: category rules")
class CategoryRuleController {

	private static final String RULES = " direction (credit or debit) and category_id (an active category of the "
			+ "direction's kind: revenue for credits, expense for debits) are required, with description_contains "
			+ "(ignoring case, ≤ 200) or payer_document (a CPF/CNPJ) or both; cost_centre_id optional; priority "
			+ "(default 100, lower first). New imported transactions without a category take the first active rule "
			+ "that matches.";

	private final CategoryRuleService rules;

	CategoryRuleController(CategoryRuleService rules) {
		this.rules = rules;
	}

	@GetMapping
	@Requires("finance.categories.view")
	@Operation(summary = "List category rules", description = "A bare array in the order they are tried: priority, "
			+ "then id. Filters: direction, active, category_id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<CategoryRuleResponse>> list(@RequestParam(required = false) @Nullable String direction,
			@RequestParam(required = false) @Nullable Boolean active,
			@RequestParam(name = "category_id", required = false) @Nullable Long categoryId,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<CategoryRuleResponse> page = this.rules.list(direction, active, categoryId, paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("finance.categories.change")
	@Operation(summary = "Create a category rule", description = "active defaults to true." + RULES)
	ResponseEntity<CategoryRuleResponse> create(@RequestBody CategoryRuleRequest request) {
		var created = this.rules.create(request);
		return created.created("/api/finance/category-rules/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.categories.view")
	@Operation(summary = "Read a category rule")
	ResponseEntity<CategoryRuleResponse> get(@PathVariable long id) {
		return this.rules.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.categories.change")
	@Operation(summary = "Change some fields of a category rule",
			description = "Changes only the fields sent, with the rules of create." + RULES
					+ " Transactions it classified keep their category.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = CategoryRuleRequest.class))))
	ResponseEntity<CategoryRuleResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.rules.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("finance.categories.change")
	@Operation(summary = "Delete a category rule",
			description = "204; transactions it classified keep their " + "category.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.rules.delete(id);
		return ResponseEntity.noContent().build();
	}

}
