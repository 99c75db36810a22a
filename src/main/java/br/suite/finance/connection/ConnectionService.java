package br.suite.finance.connection;

import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.ConnectionExists;
import br.suite.finance.FinanceProblems.ConnectionHasTransactions;
import br.suite.finance.FinanceProblems.ConnectionNotFound;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;

@Service
public class ConnectionService {

	private final FinanceConnectionRepository connections;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final AuditLog audit;

	ConnectionService(FinanceConnectionRepository connections, JdbcClient jdbc, OptimisticRetry retry, AuditLog audit) {
		this.audit = audit;
		this.connections = connections;
		this.jdbc = jdbc;
		this.retry = retry;
	}

	public record Filter(@Nullable String provider, @Nullable String accountId, @Nullable Boolean enabled,
			@Nullable String status) {
	}

	@Transactional(readOnly = true)
	public ListQuery.Page<ConnectionResponse> list(Filter filter, Paging paging) {
		ListQuery.Page<ConnectionResponse> page = ListQuery
			.of(this.jdbc,
					"id, provider, enabled, status, endpoint, account_id, webhook_configured, last_sync_at, notes, "
							+ "created_at, updated_at",
					"finance_connection")
			.where("provider = :provider", "provider",
					filter.provider() == null ? null : FinanceFields.providerParameter(filter.provider()))
			.where("account_id = :accountId", "accountId",
					filter.accountId() == null ? null : FinanceFields.parameter(filter.accountId(), "account_id"))
			.where("enabled = :enabled", "enabled", filter.enabled())
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(ConnectionStatus.class, "status", filter.status())))
			.orderBy("id")
			.page(paging, (rs, n) -> {
				Timestamp lastSync = rs.getTimestamp("last_sync_at");
				return new ConnectionResponse(rs.getLong("id"), rs.getString("provider"), rs.getBoolean("enabled"),
						rs.getString("status"), rs.getString("endpoint"), rs.getString("account_id"),
						rs.getBoolean("webhook_configured"), lastSync == null ? null : lastSync.toInstant(),
						rs.getString("notes"), rs.getTimestamp("created_at").toInstant(),
						rs.getTimestamp("updated_at").toInstant());
			});
		return page;
	}

	@Transactional(readOnly = true)
	public Versioned<ConnectionResponse> get(long id) {
		return versioned(this.connections.findById(id).orElseThrow(() -> new ConnectionNotFound(id)));
	}

	@Transactional
	Versioned<ConnectionResponse> create(NewConnectionRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String provider = FinanceFields.provider(request.provider(), "provider", errors);
		FinanceConnection connection = new FinanceConnection(provider, "");
		apply(connection, request.settings(), errors);
		errors.throwIfAny();
		checkAccountFree(connection, null);
		FinanceConnection saved = this.connections.save(connection);
		this.audit.record("finance.connection.created", "connection", saved.id(), Changes.created(saved.audited()));
		return versioned(saved);
	}

	Versioned<ConnectionResponse> update(long id, Function<FinanceConnection, ConnectionRequest> changes,
			ExpectedVersion expected) {
		return this.retry.run(() -> {
			FinanceConnection connection = this.connections.findForUpdate(id)
				.orElseThrow(() -> new ConnectionNotFound(id));
			expected.check(Objects.requireNonNull(connection.version));
			ConnectionRequest request = changes.apply(connection);
			Map<String, @Nullable Object> before = connection.audited();
			String previousAccount = connection.accountId;
			InvalidRequest.Builder errors = InvalidRequest.builder();
			apply(connection, request, errors);
			errors.throwIfAny();
			if (!connection.accountId.equals(previousAccount)) {
				long transactions = countTransactions(connection.provider, previousAccount);
				if (transactions > 0) {
					throw new ConnectionHasTransactions(id, transactions, "changing its account_id");
				}
				checkAccountFree(connection, id);
			}
			connection.touch();
			FinanceConnection saved = this.connections.save(connection);
			Changes audited = Changes.between(before, saved.audited());
			if (!audited.isEmpty()) {
				this.audit.record("finance.connection.updated", "connection", id, audited);
			}
			return versioned(saved);
		});
	}

	@Transactional
	void delete(long id) {
		FinanceConnection connection = this.connections.findForUpdate(id).orElseThrow(() -> new ConnectionNotFound(id));
		long transactions = countTransactions(connection.provider, connection.accountId);
		if (transactions > 0) {
			throw new ConnectionHasTransactions(id, transactions, "deleting it");
		}
		this.connections.delete(connection);
		this.audit.record("finance.connection.deleted", "connection", id, Changes.removed(connection.audited()));
	}

	private void apply(FinanceConnection connection, ConnectionRequest request, InvalidRequest.Builder errors) {
		ConnectionStatus status = ClosedSet.required(ConnectionStatus.class, "status", request.status(), errors);
		connection.enabled = Boolean.TRUE.equals(request.enabled());
		connection.status = status == null ? "" : ClosedSet.wire(status);
		connection.endpoint = FinanceFields.url(request.endpoint(), "endpoint", 500, errors);
		connection.accountId = FinanceFields.text(request.accountId(), "account_id", FinanceFields.ACCOUNT_ID_MAX,
				false, errors);
		connection.webhookConfigured = Boolean.TRUE.equals(request.webhookConfigured());
		connection.notes = FinanceFields.verbatim(request.notes(), "notes", 5000, errors);
	}

	private void checkAccountFree(FinanceConnection connection, @Nullable Long exceptId) {
		this.connections.findByProviderAndAccount(connection.provider, connection.accountId)
			.filter(existing -> !Objects.equals(existing.id, exceptId))
			.ifPresent(existing -> {
				throw new ConnectionExists(connection.provider, connection.accountId, existing.id());
			});
	}

	private long countTransactions(String provider, String accountId) {
		return this.jdbc.sql("SELECT count(*) FROM finance_transaction WHERE provider = ? AND account_id = ?")
			.params(provider, accountId)
			.query(Long.class)
			.single();
	}

	private static Versioned<ConnectionResponse> versioned(FinanceConnection connection) {
		return new Versioned<>(ConnectionResponse.from(connection), Objects.requireNonNull(connection.version));
	}

}
