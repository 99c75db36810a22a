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
import br.suite.shared.documents.PersonalData;

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
	 * Creates a customer in one statement: the unique index on documento decides (ON
	 * CONFLICT DO NOTHING waits for a concurrent writer of the same documento and then
	 * sees its row), so a new customer costs one round trip, and only a taken documento
	 * costs a second one, to name the customer holding it.
	 */
	@Transactional
	Cliente create(ClienteRequest request) {
		String documento = PartyFields.documento(request.documento());
		Cliente cliente = new Cliente(request.nome(), Objects.requireNonNull(request.email()),
				PartyFields.telefone(request.telefone(), null), documento, Boolean.TRUE.equals(request.ativo()));
		cliente.version = 0L;
		// The holder of a conflicting documento may be deleted before it is read: then
		// the insert is tried again.
		for (int attempt = 1;; attempt++) {
			Optional<Long> id = insert(cliente);
			if (id.isPresent()) {
				cliente.id = id.get();
				this.audit.record("customers.cliente.created", "cliente", cliente.id(),
						personal(Changes.created(cliente.audited())));
				return cliente;
			}
			Optional<Cliente> holder = this.clientes.findByDocumento(documento);
			if (holder.isPresent() || attempt >= 3) {
				throw new DocumentoTaken(documento, holder.map(Cliente::id).orElse(0L));
			}
		}
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
			.param("nome", cliente.nome)
			.param("email", cliente.email)
			.param("telefone", cliente.telefone)
			.param("documento", cliente.documento)
			.param("ativo", cliente.ativo)
			.param("nomeBusca", cliente.nomeBusca)
			.param("emailBusca", cliente.emailBusca)
			.param("version", cliente.version)
			.param("createdAt", java.sql.Timestamp.from(cliente.createdAt))
			.param("updatedAt", java.sql.Timestamp.from(cliente.updatedAt))
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
				checkDocumentoFree(documento, cliente.id());
			}
			cliente.change(request.nome(), Objects.requireNonNull(request.email()),
					PartyFields.telefone(request.telefone(), cliente.telefone), documento,
					Boolean.TRUE.equals(request.ativo()));
			Cliente saved = this.clientes.save(cliente);
			Changes audited = Changes.between(before, saved.audited());
			if (!audited.isEmpty()) {
				this.audit.record("customers.cliente.updated", "cliente", id, personal(audited));
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
		this.audit.record("customers.cliente.deleted", "cliente", id, personal(Changes.removed(cliente.audited())));
	}

	/**
	 * E-mail, telefone and documento are personal data (LGPD): the audit event says they
	 * changed and shows them only masked.
	 */
	private static Changes personal(Changes changes) {
		return changes.mask("email", PersonalData::email)
			.mask("telefone", PersonalData::phone)
			.mask("documento", PersonalData::taxId);
	}

	/**
	 * Refuses a documento another customer holds. The advisory lock makes concurrent
	 * writers of the same documento take turns, so the second one sees the first one's
	 * customer and is told its id, instead of tripping over the unique index.
	 */
	private void checkDocumentoFree(String documento, @Nullable Long exceptId) {
		if (documento.isEmpty()) {
			return;
		}
		this.jdbc.sql("SELECT pg_advisory_xact_lock(:space, hashtext(:documento))")
			.param("space", DOCUMENTO_LOCKS)
			.param("documento", documento)
			.query()
			.singleRow();
		this.clientes.findByDocumento(documento)
			.filter(existing -> !Objects.equals(existing.id, exceptId))
			.ifPresent(existing -> {
				throw new DocumentoTaken(documento, existing.id());
			});
	}

}
