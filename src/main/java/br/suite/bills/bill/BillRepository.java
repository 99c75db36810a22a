package br.suite.bills.bill;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillDrafts.Split;
import br.suite.bills.bill.BillProblems.BillNotFound;
import br.suite.bills.bill.BillResponse.InstallmentResponse;
import br.suite.bills.bill.BillResponse.SplitResponse;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;

/**
 * The SQL of bills: their rows, splits and installments written, and read back assembled
 * into answers (one look-up of splits and one of installments for all the bills of a
 * page), the money derived by {@link InstallmentPlan}.
 */
@Component
class BillRepository {

	static final String COLUMNS = "id, direction, fornecedor_id, cliente_id, description, document_number, "
			+ "competence_date, total, status, recurrence_id, charge_kind, nfe_access_key, fiscal_document_id, version, "
			+ "created_at, updated_at";

	private final JdbcClient jdbc;

	BillRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A bill's row before its splits and installments are attached. */
	record Head(long id, String direction, @Nullable Long fornecedorId, @Nullable Long clienteId, String description,
			String documentNumber, LocalDate competenceDate, BigDecimal total, String status,
			@Nullable Long recurrenceId, String chargeKind, @Nullable String nfeAccessKey,
			@Nullable Long fiscalDocumentId, long version, OffsetDateTime createdAt, OffsetDateTime updatedAt) {
	}

	private record InstallmentRow(long billId, long id, int number, LocalDate dueDate, BigDecimal amount,
			BigDecimal paidAmount, @Nullable LocalDate paidOn, @Nullable Long chargeId) {
	}

	ListQuery query() {
		return ListQuery.of(this.jdbc, COLUMNS, "bills_bill");
	}

	ListQuery.Page<BillResponse> page(ListQuery query, Paging paging, LocalDate today) {
		ListQuery.Page<Head> heads = query.page(paging, (rs, n) -> head(rs));
		return new ListQuery.Page<>(assemble(heads.items(), today), heads.total());
	}

	Versioned<BillResponse> find(long id, boolean forUpdate) {
		Head head = this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_bill WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> head(rs))
			.optional()
			.orElseThrow(() -> new BillNotFound(id));
		return new Versioned<>(assemble(List.of(head), LocalDate.now(DateTimes.BRAZIL)).get(0), head.version());
	}

	long insertBill(BillDrafts.Draft draft, LocalDate competenceDate, @Nullable Long recurrenceId, OffsetDateTime now) {
		return this.jdbc.sql("""
				INSERT INTO bills_bill (direction, fornecedor_id, cliente_id, description, document_number,
				    competence_date, total, status, recurrence_id, charge_kind, version, created_at, updated_at)
				VALUES (:direction, :fornecedorId, :clienteId, :description, :documentNumber, :competenceDate,
				    :total, 'open', :recurrenceId, :chargeKind, 0, :now, :now)
				RETURNING id""")
			.param("direction", ClosedSet.wire(draft.direction()))
			.param("fornecedorId", draft.fornecedorId())
			.param("clienteId", draft.clienteId())
			.param("description", draft.description())
			.param("documentNumber", draft.documentNumber())
			.param("competenceDate", competenceDate)
			.param("total", draft.total())
			.param("recurrenceId", recurrenceId)
			.param("chargeKind", draft.chargeKind())
			.param("now", now)
			.query(Long.class)
			.single();
	}

	/**
	 * Ties a bill to the NF-e it was imported from and the fiscal document registered.
	 */
	void linkNfe(long id, String accessKey, long fiscalDocumentId) {
		this.jdbc.sql("UPDATE bills_bill SET nfe_access_key = ?, fiscal_document_id = ? WHERE id = ?")
			.params(accessKey, fiscalDocumentId, id)
			.update();
	}

	/** The bill imported from that NF-e (its id and fiscal document), if any. */
	java.util.Optional<Imported> byNfe(String accessKey) {
		return this.jdbc.sql("SELECT id, fiscal_document_id FROM bills_bill WHERE nfe_access_key = ?")
			.param(accessKey)
			.query((rs, n) -> new Imported(rs.getLong(1), rs.getObject(2, Long.class)))
			.optional();
	}

	record Imported(long billId, @Nullable Long fiscalDocumentId) {
	}

	/** The first bill of a recurrence heads the series. */
	void headsItsRecurrence(long id) {
		this.jdbc.sql("UPDATE bills_bill SET recurrence_id = id WHERE id = ?").param(id).update();
	}

	/** An installment to write with {@link #insertInstallments}. */
	record NewInstallment(int number, LocalDate dueDate, BigDecimal amount, @Nullable Long chargeId) {
	}

	/**
	 * The installments of a new bill in one statement (one round trip however many), in
	 * their order.
	 */
	void insertInstallments(long billId, List<NewInstallment> installments) {
		if (installments.isEmpty()) {
			return;
		}
		this.jdbc.sql("""
				INSERT INTO bills_installment (bill_id, number, due_date, amount, charge_id)
				SELECT ?, i.number, i.due_date, i.amount, i.charge_id
				FROM unnest(?::int[], ?::date[], ?::numeric[], ?::bigint[]) WITH ORDINALITY
				    AS i(number, due_date, amount, charge_id, n)
				ORDER BY i.n""")
			.params(billId, installments.stream().map(NewInstallment::number).toArray(Integer[]::new),
					installments.stream().map(i -> java.sql.Date.valueOf(i.dueDate())).toArray(java.sql.Date[]::new),
					installments.stream().map(NewInstallment::amount).toArray(BigDecimal[]::new),
					installments.stream().map(NewInstallment::chargeId).toArray(Long[]::new))
			.update();
	}

	/** The splits of a bill, positions 1…n, in one statement (one round trip). */
	void writeSplits(long billId, List<Split> splits) {
		if (splits.isEmpty()) {
			return;
		}
		this.jdbc.sql("""
				INSERT INTO bills_split (bill_id, position, category_id, cost_centre_id, amount)
				SELECT ?, s.position, s.category_id, s.cost_centre_id, s.amount
				FROM unnest(?::bigint[], ?::bigint[], ?::numeric[]) WITH ORDINALITY
				    AS s(category_id, cost_centre_id, amount, position)
				ORDER BY s.position""")
			.params(billId, splits.stream().map(Split::categoryId).toArray(Long[]::new),
					splits.stream().map(Split::costCentreId).toArray(Long[]::new),
					splits.stream().map(Split::amount).toArray(BigDecimal[]::new))
			.update();
	}

	void replaceSplits(long billId, List<Split> splits) {
		this.jdbc.sql("DELETE FROM bills_split WHERE bill_id = ?").param(billId).update();
		writeSplits(billId, splits);
	}

	void updateHead(long id, BillDrafts.Change change) {
		this.jdbc.sql("""
				UPDATE bills_bill SET fornecedor_id = ?, cliente_id = ?, description = ?, document_number = ?,
				    competence_date = ?, total = ?, version = version + 1, updated_at = ?
				WHERE id = ?""")
			.params(change.fornecedorId(), change.clienteId(), change.description(), change.documentNumber(),
					change.competenceDate(), change.total(), BillsFields.now(), id)
			.update();
	}

	void updateInstallment(long billId, int number, LocalDate due, BigDecimal amount) {
		this.jdbc.sql("UPDATE bills_installment SET due_date = ?, amount = ? WHERE bill_id = ? AND number = ?")
			.params(due, amount, billId, number)
			.update();
	}

	/** A change of the bill's splits alone: its version and updated_at move. */
	void touch(long id) {
		this.jdbc.sql("UPDATE bills_bill SET version = version + 1, updated_at = ? WHERE id = ?")
			.params(BillsFields.now(), id)
			.update();
	}

	void markCancelled(long id) {
		this.jdbc.sql("UPDATE bills_bill SET status = 'cancelled', version = version + 1, updated_at = ? WHERE id = ?")
			.params(BillsFields.now(), id)
			.update();
	}

	private List<BillResponse> assemble(List<Head> heads, LocalDate today) {
		if (heads.isEmpty()) {
			return List.of();
		}
		List<Long> ids = heads.stream().map(Head::id).toList();
		Map<Long, List<SplitResponse>> splits = new HashMap<>();
		this.jdbc
			.sql("SELECT bill_id, category_id, cost_centre_id, amount FROM bills_split WHERE bill_id IN (:ids) "
					+ "ORDER BY bill_id, position")
			.param("ids", ids)
			.query((rs, n) -> Map.entry(rs.getLong("bill_id"),
					new SplitResponse(rs.getLong("category_id"), rs.getObject("cost_centre_id", Long.class),
							rs.getBigDecimal("amount"))))
			.list()
			.forEach(e -> splits.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
		Map<Long, List<InstallmentRow>> installments = installments(ids).stream()
			.collect(Collectors.groupingBy(InstallmentRow::billId));
		List<BillResponse> bills = new ArrayList<>();
		for (Head head : heads) {
			boolean cancelled = head.status().equals(ClosedSet.wire(BillStatus.CANCELLED));
			List<InstallmentResponse> rows = new ArrayList<>();
			boolean overdue = false;
			for (InstallmentRow row : installments.getOrDefault(head.id(), List.of())) {
				BigDecimal open = cancelled ? BigDecimal.ZERO.setScale(2) : row.amount().subtract(row.paidAmount());
				rows.add(new InstallmentResponse(row.id(), row.number(), row.dueDate(), row.amount(), row.paidAmount(),
						open,
						ClosedSet.wire(InstallmentPlan.installmentStatus(row.amount(), row.paidAmount(), cancelled)),
						row.paidOn(), row.chargeId()));
				overdue |= InstallmentPlan.overdue(row.amount(), row.paidAmount(), cancelled, row.dueDate(), today);
			}
			BigDecimal paid = InstallmentPlan.sum(rows.stream().map(InstallmentResponse::paidAmount).toList());
			BigDecimal open = InstallmentPlan.sum(rows.stream().map(InstallmentResponse::openAmount).toList());
			List<SplitResponse> parts = splits.getOrDefault(head.id(), List.of());
			SplitResponse only = parts.size() == 1 ? parts.get(0) : null;
			bills.add(new BillResponse(head.id(), head.direction(), head.fornecedorId(), head.clienteId(),
					head.description(), head.documentNumber(), head.competenceDate(),
					only == null ? null : only.categoryId(), only == null ? null : only.costCentreId(), parts,
					head.total(), head.status(), overdue, paid, open, head.recurrenceId(), head.chargeKind(), rows,
					parts.isEmpty(), head.nfeAccessKey(), head.fiscalDocumentId(), head.createdAt().toInstant(),
					head.updatedAt().toInstant()));
		}
		return bills;
	}

	private List<InstallmentRow> installments(Collection<Long> billIds) {
		return this.jdbc.sql("""
				SELECT bill_id, id, number, due_date, amount, paid_amount, paid_on, charge_id
				FROM bills_installment WHERE bill_id IN (:ids) ORDER BY bill_id, number""")
			.param("ids", billIds)
			.query((rs, n) -> new InstallmentRow(rs.getLong("bill_id"), rs.getLong("id"), rs.getInt("number"),
					rs.getObject("due_date", LocalDate.class), rs.getBigDecimal("amount"),
					rs.getBigDecimal("paid_amount"), rs.getObject("paid_on", LocalDate.class),
					rs.getObject("charge_id", Long.class)))
			.list();
	}

	private static Head head(ResultSet rs) throws SQLException {
		return new Head(rs.getLong("id"), rs.getString("direction"), rs.getObject("fornecedor_id", Long.class),
				rs.getObject("cliente_id", Long.class), rs.getString("description"), rs.getString("document_number"),
				rs.getObject("competence_date", LocalDate.class), rs.getBigDecimal("total"), rs.getString("status"),
				rs.getObject("recurrence_id", Long.class), rs.getString("charge_kind"), rs.getString("nfe_access_key"),
				rs.getObject("fiscal_document_id", Long.class), rs.getLong("version"),
				rs.getObject("created_at", OffsetDateTime.class), rs.getObject("updated_at", OffsetDateTime.class));
	}

}
