package br.suite.fins;

import java.time.LocalDate;
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
import br.suite.customers.ClienteDirectory;
import br.suite.fins.FinsProblems.FinsRecordNotFound;
import br.suite.shared.DateTimes;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;

@Service
class FinsRecordService {

	/**
	 * Deadlines are calendar dates of the company, which works in Brazil's legal time.
	 */
	private static final LocalDate EARLIEST = LocalDate.of(1900, 1, 1);

	private static final LocalDate LATEST = LocalDate.of(9999, 12, 31);

	private final FinsRecordRepository records;

	private final ClienteDirectory clientes;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final AuditLog audit;

	FinsRecordService(FinsRecordRepository records, ClienteDirectory clientes, JdbcClient jdbc, OptimisticRetry retry,
			AuditLog audit) {
		this.records = records;
		this.clientes = clientes;
		this.jdbc = jdbc;
		this.retry = retry;
		this.audit = audit;
	}

	record Filter(@Nullable Long cliente, @Nullable Boolean concluido, @Nullable Boolean overdue,
			@Nullable LocalDate dueBefore, @Nullable LocalDate dueAfter) {

		/** Open records past their deadline, of one customer or ({@code null}) all. */
		static Filter overdue(@Nullable Long cliente) {
			return new Filter(cliente, false, true, null, null);
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<FinsRecordResponse> list(Filter filter, Paging paging) {
		ListQuery query = ListQuery
			.of(this.jdbc, "id, cliente_id, titulo, descricao, data_limite, concluido, created_at, updated_at",
					"fins_record")
			.where("cliente_id = :cliente", "cliente", filter.cliente())
			.where("concluido = :concluido", "concluido", filter.concluido())
			.orderBy("data_limite NULLS LAST, id");
		if (filter.overdue() != null) {
			String overdue = "(NOT concluido AND data_limite < :today)";
			query.where(filter.overdue() ? overdue : "NOT coalesce(" + overdue + ", false)")
				.param("today", LocalDate.now(DateTimes.BRAZIL));
		}
		ListQuery.Page<FinsRecordResponse> page = query
			.where("data_limite < :dueBefore", "dueBefore", filter.dueBefore())
			.where("data_limite > :dueAfter", "dueAfter", filter.dueAfter())
			.page(paging,
					(rs, n) -> new FinsRecordResponse(rs.getLong("id"), rs.getLong("cliente_id"),
							rs.getString("titulo"), rs.getString("descricao"),
							rs.getObject("data_limite", LocalDate.class), rs.getBoolean("concluido"),
							rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant()));
		return page;
	}

	@Transactional(readOnly = true)
	FinsRecord get(long id) {
		return this.records.findById(id).orElseThrow(() -> new FinsRecordNotFound(id));
	}

	/**
	 * One record for {@code GET /{id}/}: a single SELECT outside any transaction (one
	 * statement sees one snapshot anyway), so it costs one round trip instead of three
	 * (BEGIN with the SELECT, then COMMIT), and no aggregate mapping.
	 */
	FinsRecord read(long id) {
		return this.jdbc
			.sql("SELECT id, cliente_id, titulo, descricao, data_limite, concluido, version, created_at, "
					+ "updated_at FROM fins_record WHERE id = :id")
			.param("id", id)
			.query((rs, n) -> {
				FinsRecord record = new FinsRecord(rs.getLong("cliente_id"), rs.getString("titulo"),
						rs.getString("descricao"), rs.getObject("data_limite", LocalDate.class),
						rs.getBoolean("concluido"));
				record.id = rs.getLong("id");
				record.version = rs.getLong("version");
				record.createdAt = rs.getTimestamp("created_at").toInstant();
				record.updatedAt = rs.getTimestamp("updated_at").toInstant();
				return record;
			})
			.optional()
			.orElseThrow(() -> new FinsRecordNotFound(id));
	}

	@Transactional
	FinsRecord create(FinsRecordRequest request) {
		long cliente = checked(request);
		FinsRecord saved = this.records
			.save(new FinsRecord(cliente, request.titulo(), Objects.requireNonNull(request.descricao()),
					request.dataLimite(), Boolean.TRUE.equals(request.concluido())));
		this.audit.record("fins.record.created", "fins_record", saved.id(), Changes.created(saved.audited()));
		return saved;
	}

	FinsRecord update(long id, Function<FinsRecord, FinsRecordRequest> changes, ExpectedVersion expected) {
		return this.retry.run(() -> {
			FinsRecord record = this.records.findForUpdate(id).orElseThrow(() -> new FinsRecordNotFound(id));
			expected.check(Objects.requireNonNull(record.version));
			FinsRecordRequest request = changes.apply(record);
			long cliente = checked(request);
			Map<String, @Nullable Object> before = record.audited();
			record.change(cliente, request.titulo(), Objects.requireNonNull(request.descricao()), request.dataLimite(),
					Boolean.TRUE.equals(request.concluido()));
			FinsRecord saved = this.records.save(record);
			Changes audited = Changes.between(before, saved.audited());
			if (!audited.isEmpty()) {
				this.audit.record("fins.record.updated", "fins_record", id, audited);
			}
			return saved;
		});
	}

	@Transactional
	void delete(long id) {
		FinsRecord record = this.records.findForUpdate(id).orElseThrow(() -> new FinsRecordNotFound(id));
		this.records.delete(record);
		this.audit.record("fins.record.deleted", "fins_record", id, Changes.removed(record.audited()));
	}

	/**
	 * The rules Bean Validation cannot state. The customer check also keeps that customer
	 * from being deleted until this transaction ends, so the record never points at
	 * nothing.
	 */
	private long checked(FinsRecordRequest request) {
		LocalDate dataLimite = request.dataLimite();
		if (dataLimite != null && (dataLimite.isBefore(EARLIEST) || dataLimite.isAfter(LATEST))) {
			throw FinsProblems.dataLimiteOutOfRange();
		}
		long cliente = Objects.requireNonNull(request.cliente());
		if (!this.clientes.exists(cliente)) {
			throw FinsProblems.unknownCliente(cliente);
		}
		return cliente;
	}

}
