package br.suite.customers;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.customers.CustomerProblems.ClienteInUse;
import br.suite.customers.CustomerProblems.ClienteNotFound;
import br.suite.customers.CustomerProblems.DocumentoTaken;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;

@Service
class ClienteService {

	/** First key of the advisory locks that serialise writers of the same documento. */
	private static final int DOCUMENTO_LOCKS = 1100;

	private final ClienteRepository clientes;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final List<ClienteReferences> references;

	private final AuditLog audit;

	ClienteService(ClienteRepository clientes, JdbcClient jdbc, OptimisticRetry retry,
			List<ClienteReferences> references, AuditLog audit) {
		this.clientes = clientes;
		this.jdbc = jdbc;
		this.retry = retry;
		this.references = references;
		this.audit = audit;
	}

	record Filter(@Nullable Boolean ativo, @Nullable String q) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<ClienteResponse> list(Filter filter, Paging paging) {
		ListQuery query = ListQuery
			.of(this.jdbc, "id, nome, email, telefone, documento, ativo, created_at, updated_at", "customers_cliente")
			.where("ativo = :ativo", "ativo", filter.ativo())
			.orderBy("nome_busca, id");
		PartyFields.search(query, filter.q());
		ListQuery.Page<ClienteResponse> page = query.page(paging,
				(rs, n) -> new ClienteResponse(rs.getLong("id"), rs.getString("nome"), rs.getString("email"),
						rs.getString("telefone"), rs.getString("documento"), rs.getBoolean("ativo"),
						rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant()));
		return page;
	}

	@Transactional(readOnly = true)
	Cliente get(long id) {
		return this.clientes.findById(id).orElseThrow(() -> new ClienteNotFound(id));
	}

	/**
	 * Creates a customer in one statement, the unique index deciding
	 * ({@link UniqueDocumentos#insert}).
	 */
	@Transactional
	Cliente create(ClienteRequest request) {
		String documento = PartyFields.documento(request.documento());
		Cliente cliente = new Cliente(request.nome(), Objects.requireNonNull(request.email()),
				PartyFields.telefone(request.telefone(), null), documento, Boolean.TRUE.equals(request.ativo()));
		cliente.version = 0L;
		cliente.id = UniqueDocumentos.insert(() -> insert(cliente),
				() -> this.clientes.findByDocumento(documento).map(Cliente::id),
				existing -> new DocumentoTaken(documento, existing));
		this.audit.record("customers.cliente.created", "cliente", cliente.id(),
				PartyFields.personal(Changes.created(cliente.audited())));
		return cliente;
	}

	private Optional<Long> insert(Cliente cliente) {
		return this.jdbc
			.sql("""
					INSERT INTO customers_cliente (nome, email, telefone, documento, ativo, nome_busca, email_busca, version,
					    created_at, updated_at)
					VALUES (:nome, :email, :telefone, :documento, :ativo, :nomeBusca, :emailBusca, :version, :createdAt,
					    :updatedAt)
					ON CONFLICT (documento) WHERE documento <> '' DO NOTHING
					RETURNING id""")
			.params(cliente.insertParams())
			.query(Long.class)
			.optional();
	}

	Cliente update(long id, Function<Cliente, ClienteRequest> changes, ExpectedVersion expected) {
		return this.retry.run(() -> {
			Cliente cliente = this.clientes.findForUpdate(id).orElseThrow(() -> new ClienteNotFound(id));
			expected.check(Objects.requireNonNull(cliente.version));
			ClienteRequest request = changes.apply(cliente);
			Map<String, @Nullable Object> before = cliente.audited();
			String documento = PartyFields.documento(request.documento());
			if (!documento.equals(cliente.documento)) {
				UniqueDocumentos.requireFree(this.jdbc, DOCUMENTO_LOCKS, documento, cliente.id(),
						holder -> this.clientes.findByDocumento(holder).map(Cliente::id),
						existing -> new DocumentoTaken(documento, existing));
			}
			cliente.change(request.nome(), Objects.requireNonNull(request.email()),
					PartyFields.telefone(request.telefone(), cliente.telefone), documento,
					Boolean.TRUE.equals(request.ativo()));
			Cliente saved = this.clientes.save(cliente);
			Changes audited = Changes.between(before, saved.audited());
			if (!audited.isEmpty()) {
				this.audit.record("customers.cliente.updated", "cliente", id, PartyFields.personal(audited));
			}
			return saved;
		});
	}

	@Transactional
	void delete(long id) {
		Cliente cliente = this.clientes.findForDelete(id).orElseThrow(() -> new ClienteNotFound(id));
		Map<String, Long> referring = PartyFields.referring(this.references, ClienteReferences::kind,
				module -> module.countReferring(id));
		if (!referring.isEmpty()) {
			throw new ClienteInUse(id, referring);
		}
		this.clientes.delete(cliente);
		this.audit.record("customers.cliente.deleted", "cliente", id,
				PartyFields.personal(Changes.removed(cliente.audited())));
	}

}
