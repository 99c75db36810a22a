package br.suite.bills.account;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.shared.ApiProblem;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * The company's bank accounts: the (provider, account_id) pair its transactions carry and
 * the balance it opened with. Not deleted (the cash flow of past months starts from
 * them).
 */
@Service
class AccountService {

	private static final String COLUMNS = "id, name, provider, account_id, opening_balance, opening_date, version, "
			+ "created_at, updated_at";

	private static final Pattern PROVIDER = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");

	/** numeric(14,2): twelve integer digits, either sign. */
	private static final BigDecimal LIMIT = BigDecimal.TEN.pow(12);

	private final JdbcClient jdbc;

	private final PartialUpdates partialUpdates;

	private final AuditLog audit;

	AccountService(JdbcClient jdbc, PartialUpdates partialUpdates, AuditLog audit) {
		this.jdbc = jdbc;
		this.partialUpdates = partialUpdates;
		this.audit = audit;
	}

	static final class AccountNotFound extends ApiProblem.NotFound {

		AccountNotFound(long id) {
			super("Bank account", id);
		}

	}

	static final class AccountExists extends ApiProblem.Conflict {

		AccountExists(String provider, String accountId, long existingId) {
			super("The account " + provider + (accountId.isEmpty() ? " without account_id" : " " + accountId)
					+ " already exists (id " + existingId + ").");
			with("field", "account_id").with("existing_id", existingId);
		}

	}

	private record Content(String name, String provider, String accountId, BigDecimal openingBalance,
			LocalDate openingDate) {

		Map<String, @Nullable Object> audited() {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("name", this.name);
			fields.put("provider", this.provider);
			fields.put("account_id", this.accountId);
			fields.put("opening_balance", this.openingBalance.toPlainString());
			fields.put("opening_date", this.openingDate.toString());
			return fields;
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<AccountResponse> list(Paging paging) {
		return ListQuery.of(this.jdbc, COLUMNS, "bills_account").orderBy("name, id").page(paging, (rs, n) -> map(rs));
	}

	@Transactional(readOnly = true)
	Versioned<AccountResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	Versioned<AccountResponse> create(AccountRequest request) {
		Content content = check(request);
		Long id = bind(this.jdbc.sql("""
				INSERT INTO bills_account (name, provider, account_id, opening_balance, opening_date, version,
				    created_at, updated_at)
				VALUES (:name, :provider, :accountId, :balance, :date, 0, :now, :now)
				ON CONFLICT (provider, account_id) DO NOTHING
				RETURNING id"""), content).query(Long.class)
			.optional()
			.orElseThrow(() -> new AccountExists(content.provider(), content.accountId(),
					holder(content.provider(), content.accountId())));
		this.audit.record("finance.account.created", "account", id, AuditLog.Changes.created(content.audited()));
		return find(id, false);
	}

	@Transactional
	Versioned<AccountResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<AccountResponse> current = find(id, true);
		expected.check(current.version());
		Content before = check(AccountRequest.of(current.body()));
		Content content = check(
				this.partialUpdates.merge(AccountRequest.of(current.body()), patch, AccountRequest.class));
		if (!content.provider().equals(before.provider()) || !content.accountId().equals(before.accountId())) {
			long holder = holder(content.provider(), content.accountId());
			if (holder != 0) {
				throw new AccountExists(content.provider(), content.accountId(), holder);
			}
		}
		AuditLog.Changes changes = AuditLog.Changes.between(before.audited(), content.audited());
		if (changes.isEmpty()) {
			return current;
		}
		bind(this.jdbc.sql("""
				UPDATE bills_account SET name = :name, provider = :provider, account_id = :accountId,
				    opening_balance = :balance, opening_date = :date, version = version + 1, updated_at = :now
				WHERE id = :id"""), content).param("id", id).update();
		this.audit.record("finance.account.updated", "account", id, changes);
		return find(id, false);
	}

	/** The content's named parameters, and now. */
	private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, Content content) {
		return statement.param("name", content.name())
			.param("provider", content.provider())
			.param("accountId", content.accountId())
			.param("balance", content.openingBalance())
			.param("date", content.openingDate())
			.param("now", BillsFields.now());
	}

	private long holder(String provider, String accountId) {
		return this.jdbc.sql("SELECT id FROM bills_account WHERE provider = ? AND account_id = ?")
			.params(provider, accountId)
			.query(Long.class)
			.optional()
			.orElse(0L);
	}

	private static Content check(AccountRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String name = BillsFields.text(request.name(), "name", 200, true, errors);
		String provider = BillsFields.text(request.provider(), "provider", 40, true, errors);
		if (!provider.isEmpty() && !PROVIDER.matcher(provider).matches()) {
			errors.add("provider", "must be a provider code: 1 to 40 lowercase letters, digits, '-' or '_', "
					+ "starting with a letter or digit");
		}
		String accountId = BillsFields.text(request.accountId(), "account_id", 100, false, errors);
		BigDecimal balance = request.openingBalance();
		if (balance == null) {
			errors.add("opening_balance", "is required");
		}
		else if (balance.stripTrailingZeros().scale() > 2) {
			errors.add("opening_balance", "must have at most two decimals");
		}
		else if (balance.abs().compareTo(LIMIT) >= 0) {
			errors.add("opening_balance", "must be between -999999999999.99 and 999999999999.99");
		}
		if (request.openingDate() == null) {
			errors.add("opening_date", "is required");
		}
		errors.throwIfAny();
		return new Content(name, provider, accountId, balance.setScale(2), request.openingDate());
	}

	private Versioned<AccountResponse> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_account WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElseThrow(() -> new AccountNotFound(id));
	}

	private static AccountResponse map(ResultSet rs) throws SQLException {
		return new AccountResponse(rs.getLong("id"), rs.getString("name"), rs.getString("provider"),
				rs.getString("account_id"), rs.getBigDecimal("opening_balance"),
				rs.getObject("opening_date", LocalDate.class), BillsFields.instant(rs, "created_at"),
				BillsFields.instant(rs, "updated_at"));
	}

}
