package br.suite.bills.category;

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
@RequestMapping("/api/finance/categories")
@Tag(name = "Bills: categories")
class CategoryController {

	private static final String RULES = " code (numbers separated by dots, unique: 409 naming existing_id), name, "
			+ "kind (revenue, expense) and dre_line are required; a revenue category falls on gross_revenue, "
			+ "other_revenue, financial_revenue or none, an expense on deductions, costs, operating_expenses, "
			+ "other_expenses, financial_expenses, income_taxes or none. parent_id: an existing category of the same "
			+ "kind (not itself nor one of its sub-categories).";

	private final CategoryService categories;

	CategoryController(CategoryService categories) {
		this.categories = categories;
	}

	@GetMapping
	@Requires("finance.categories.view")
	@Operation(summary = "List categories", description = "A bare array in code order (1, 1.1, 1.2, 2, …, 10), "
			+ "then id. Filters: kind, active, parent_id, q (part of the code or name). Optional limit/offset add "
			+ "X-Total-Count.")
	ResponseEntity<List<CategoryResponse>> list(@RequestParam(required = false) @Nullable String kind,
			@RequestParam(required = false) @Nullable Boolean active,
			@RequestParam(name = "parent_id", required = false) @Nullable Long parentId,
			@RequestParam(required = false) @Nullable String q, @RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<CategoryResponse> page = this.categories
			.list(new CategoryService.Filter(kind, active, parentId, q), paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("finance.categories.change")
	@Operation(summary = "Create a category", description = "active defaults to true." + RULES)
	ResponseEntity<CategoryResponse> create(@RequestBody CategoryRequest request) {
		var created = this.categories.create(request);
		return created.created("/api/finance/categories/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.categories.view")
	@Operation(summary = "Read a category")
	ResponseEntity<CategoryResponse> get(@PathVariable long id) {
		return this.categories.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.categories.change")
	@Operation(summary = "Change some fields of a category",
			description = "Changes only the fields sent, with the rules of create." + RULES
					+ " Categories are never deleted: deactivate one with {\"active\": false} (bills keep it, new "
					+ "bills cannot take it). kind no longer changes once the category has sub-categories or bills "
					+ "(409).",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = CategoryRequest.class))))
	ResponseEntity<CategoryResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.categories.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
