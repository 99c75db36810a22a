package br.suite.bills.account;

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
@RequestMapping("/api/finance/accounts")
@Tag(name = "Bills: bank accounts")
class AccountController {

	private static final String RULES = " name (≤ 200), provider (a provider code), opening_balance (two decimals, may "
			+ "be negative) and opening_date are required; account_id may be empty; provider + account_id is unique (409 "
			+ "naming existing_id).";

	private final AccountService accounts;

	AccountController(AccountService accounts) {
		this.accounts = accounts;
	}

	@GetMapping
	@Requires("finance.accounts.view")
	@Operation(summary = "List bank accounts",
			description = "A bare array ordered by name, then id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<AccountResponse>> list(@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<AccountResponse> page = this.accounts.list(paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("finance.accounts.change")
	@Operation(summary = "Create a bank account",
			description = "The cash flow starts from its opening balance. For the account of an imported statement, "
					+ "the statement prepare (/api/prepare-statement-import) offers format.opening_balance {amount, "
					+ "date}: send its import_metadata.provider and account_id with that amount and date, and the "
					+ "account closes the statement at the ledger balance the bank stated." + RULES)
	ResponseEntity<AccountResponse> create(@RequestBody AccountRequest request) {
		var created = this.accounts.create(request);
		return created.created("/api/finance/accounts/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.accounts.view")
	@Operation(summary = "Read a bank account")
	ResponseEntity<AccountResponse> get(@PathVariable long id) {
		return this.accounts.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.accounts.change")
	@Operation(summary = "Change some fields of a bank account",
			description = "Changes only the fields sent, with the rules of create." + RULES
					+ " Accounts are not deleted.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = AccountRequest.class))))
	ResponseEntity<AccountResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.accounts.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
