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
import br.suite.customers.CustomerProblems.FornecedorDocumentoTaken;
import br.suite.customers.CustomerProblems.FornecedorInUse;
import br.suite.customers.CustomerProblems.FornecedorNotFound;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;

/** Suppliers, with the rules of {@link ClienteService}. */
@Service
class FornecedorService {

	/** First key of the advisory locks that serialise writers of the same documento. */
	private static final int DOCUMENTO_LOCKS = 1101;

	private static final String COLUMNS = "id, nome, email, telefone, documento, ativo, default_category_id, "
			+ "created_at, updated_at";

	private final FornecedorRepository fornecedores;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final List<FornecedorReferences> references;

	private final List<FornecedorCategories> categories;

	private final AuditLog audit;

	FornecedorService(FornecedorRepository fornecedores, JdbcClient jdbc, OptimisticRetry retry,
			List<FornecedorReferences> references, List<FornecedorCategories> categories, AuditLog audit) {
		this.fornecedores = fornecedores;
		this.jdbc = jdbc;
		this.retry = retry;
		this.references = references;
		this.categories = categories;
		this.audit = audit;
	}

	record Filter(@Nullable Boolean ativo, @Nullable String q) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<FornecedorResponse> list(Filter filter, Paging paging) {
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "customers_fornecedor")
			.where("ativo = :ativo", "ativo", filter.ativo())
			.orderBy("nome_busca, id");
		PartyFields.search(query, filter.q());
		return query.page(paging,
				(rs, n) -> new FornecedorResponse(rs.getLong("id"), rs.getString("nome"), rs.getString("email"),
						rs.getString("telefone"), rs.getString("documento"), rs.getBoolean("ativo"),
						rs.getObject("default_category_id", Long.class), rs.getTimestamp("created_at").toInstant(),
						rs.getTimestamp("updated_at").toInstant()));
	}

	@Transactional(readOnly = true)
	Fornecedor get(long id) {
		return this.fornecedores.findById(id).orElseThrow(() -> new FornecedorNotFound(id));
	}

	/**
	 * Creates a supplier in one statement, the unique index deciding
	 * ({@link UniqueDocumentos#insert}).
	 */
	@Transactional
	Fornecedor create(FornecedorRequest request) {
		String documento = PartyFields.documento(request.documento());
		String telefone = PartyFields.telefone(request.telefone(), null);
		checkCategory(request.defaultCategoryId(), null);
		Fornecedor fornecedor = new Fornecedor(request.nome(), Objects.requireNonNull(request.email()), telefone,
				documento, Boolean.TRUE.equals(request.ativo()), request.defaultCategoryId());
		fornecedor.version = 0L;
		fornecedor.id = UniqueDocumentos.insert(() -> insert(fornecedor),
				() -> this.fornecedores.findByDocumento(documento).map(Fornecedor::id),
				existing -> new FornecedorDocumentoTaken(documento, existing));
		this.audit.record("customers.fornecedor.created", "fornecedor", fornecedor.id(),
				PartyFields.personal(Changes.created(fornecedor.audited())));
		return fornecedor;
	}

	private Optional<Long> insert(Fornecedor fornecedor) {
		return this.jdbc.sql("""
				INSERT INTO customers_fornecedor (nome, email, telefone, documento, ativo, default_category_id,
				    nome_busca, email_busca, version, created_at, updated_at)
				VALUES (:nome, :email, :telefone, :documento, :ativo, :defaultCategoryId, :nomeBusca, :emailBusca,
				    :version, :createdAt, :updatedAt)
				ON CONFLICT (documento) WHERE documento <> '' DO NOTHING
				RETURNING id""").params(fornecedor.insertParams()).query(Long.class).optional();
	}

	Fornecedor update(long id, Function<Fornecedor, FornecedorRequest> changes, ExpectedVersion expected) {
		return this.retry.run(() -> {
			Fornecedor fornecedor = this.fornecedores.findForUpdate(id).orElseThrow(() -> new FornecedorNotFound(id));
			expected.check(Objects.requireNonNull(fornecedor.version));
			FornecedorRequest request = changes.apply(fornecedor);
			Map<String, @Nullable Object> before = fornecedor.audited();
			String documento = PartyFields.documento(request.documento());
			String telefone = PartyFields.telefone(request.telefone(), fornecedor.telefone);
			checkCategory(request.defaultCategoryId(), fornecedor.defaultCategoryId);
			if (!documento.equals(fornecedor.documento)) {
				UniqueDocumentos.requireFree(this.jdbc, DOCUMENTO_LOCKS, documento, fornecedor.id(),
						holder -> this.fornecedores.findByDocumento(holder).map(Fornecedor::id),
						existing -> new FornecedorDocumentoTaken(documento, existing));
			}
			fornecedor.change(request.nome(), Objects.requireNonNull(request.email()), telefone, documento,
					Boolean.TRUE.equals(request.ativo()), request.defaultCategoryId());
			Fornecedor saved = this.fornecedores.save(fornecedor);
			Changes audited = Changes.between(before, saved.audited());
			if (!audited.isEmpty()) {
				this.audit.record("customers.fornecedor.updated", "fornecedor", id, PartyFields.personal(audited));
			}
			return saved;
		});
	}

	@Transactional
	void delete(long id) {
		Fornecedor fornecedor = this.fornecedores.findForDelete(id).orElseThrow(() -> new FornecedorNotFound(id));
		Map<String, Long> referring = PartyFields.referring(this.references, FornecedorReferences::kind,
				module -> module.countReferring(id));
		if (!referring.isEmpty()) {
			throw new FornecedorInUse(id, referring);
		}
		this.fornecedores.delete(fornecedor);
		this.audit.record("customers.fornecedor.deleted", "fornecedor", id,
				PartyFields.personal(Changes.removed(fornecedor.audited())));
	}

	/**
	 * A new default category must be one the chart allows; the one a supplier already has
	 * stays even after it was deactivated.
	 */
	private void checkCategory(@Nullable Long categoryId, @Nullable Long current) {
		if (categoryId == null || categoryId.equals(current)) {
			return;
		}
		for (FornecedorCategories chart : this.categories) {
			String refusal = chart.refusal(categoryId);
			if (refusal != null) {
				throw InvalidRequest.of("default_category_id", refusal);
			}
		}
	}

}
