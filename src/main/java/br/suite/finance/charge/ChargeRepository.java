package br.suite.finance.charge;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.finance.ChargeKind;
import br.suite.finance.charge.ChargeService.Content;
import br.suite.finance.transaction.TransactionService;
import br.suite.shared.ClosedSet;
import br.suite.shared.Versioned;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * The charges' storage ({@code finance_charge}), in the caller's transaction:
 * {@link ChargeService} checks the fields, refreshes the derived amounts and audits. A
 * charge is read with its open amount (nothing open once cancelled) and its payment
 * page's address.
 */
@Repository
class ChargeRepository {

	private static final String COLUMNS = "id, kind, provider, external_id, txid, nosso_numero, end_to_end_id, "
			+ "payer_name, payer_document, amount, paid_amount, status, due_date, paid_on, description, "
			+ "fiscal_document_id, pix_reference, version, created_at, updated_at, pix_connection_id, pix_kind, "
			+ "pix_status, pix_copia_e_cola, pix_location, payment_token, payer_email";

	private final JdbcClient jdbc;

	private final PaymentLinks links;

	ChargeRepository(JdbcClient jdbc, PaymentLinks links) {
		this.jdbc = jdbc;
		this.links = links;
	}

	/** A list's filters, checked and in the stored form; null for any. */
	record Criteria(@Nullable ChargeStatus status, @Nullable ChargeKind kind, @Nullable LocalDate dueFrom,
			@Nullable LocalDate dueTo, @Nullable LocalDate paidFrom, @Nullable LocalDate paidTo,
			@Nullable String payerDocument, String q) {
	}

	/** A page of charges, the latest due first (those without a due date before them). */
	ListQuery.Page<ChargeResponse> list(Criteria criteria, Paging paging) {
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "finance_charge")
			.where("status = :status", "status", criteria.status() == null ? null : ClosedSet.wire(criteria.status()))
			.where("kind = :kind", "kind", criteria.kind() == null ? null : ClosedSet.wire(criteria.kind()))
			.where("due_date >= :dueFrom", "dueFrom", criteria.dueFrom())
			.where("due_date <= :dueTo", "dueTo", criteria.dueTo())
			.where("paid_on >= :paidFrom", "paidFrom", criteria.paidFrom())
			.where("paid_on <= :paidTo", "paidTo", criteria.paidTo())
			.where("payer_document = :payerDocument", "payerDocument", criteria.payerDocument())
			.orderBy("due_date DESC NULLS FIRST, id DESC");
		return query
			.search("description ILIKE :q OR payer_name ILIKE :q OR payer_document ILIKE :q OR external_id ILIKE :q "
					+ "OR txid ILIKE :q OR nosso_numero ILIKE :q", criteria.q(), "payer_document")
			.page(paging, (rs, n) -> map(rs));
	}

	/** The charge, locked for the rest of the transaction when {@code forUpdate}. */
	Optional<Versioned<ChargeResponse>> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM finance_charge WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional();
	}

	/**
	 * The new charge's id: open, with the given Pix reference when it is a Pix charge.
	 * @throws org.springframework.dao.DuplicateKeyException when its external id is taken
	 */
	long insert(Content content, String pixReference, OffsetDateTime now) {
		return this.jdbc.sql("""
				INSERT INTO finance_charge (kind, provider, external_id, txid, nosso_numero, end_to_end_id,
				    payer_name, payer_document, amount, due_date, description, fiscal_document_id, status,
				    pix_reference, version, created_at, updated_at, payer_email)
				VALUES (:kind, :provider, :externalId, :txid, :nossoNumero, :endToEndId, :payerName,
				    :payerDocument, :amount, :dueDate, :description, :fiscalDocumentId, 'open',
				    CASE WHEN :kind = 'pix' THEN :pixReference ELSE '' END, 0, :now, :now, :payerEmail)
				RETURNING id""")
			.params(params(content))
			.param("now", now)
			.param("pixReference", pixReference)
			.query(Long.class)
			.single();
	}

	/**
	 * The charge's written fields; a charge that becomes a Pix charge gets the given
	 * reference if it has none.
	 * @throws org.springframework.dao.DuplicateKeyException when its external id is taken
	 */
	void update(long id, Content content, String pixReference, OffsetDateTime now) {
		this.jdbc.sql("""
				UPDATE finance_charge SET kind = :kind, provider = :provider, external_id = :externalId,
				    txid = :txid, nosso_numero = :nossoNumero, end_to_end_id = :endToEndId,
				    payer_name = :payerName, payer_document = :payerDocument, payer_email = :payerEmail,
				    amount = :amount,
				    due_date = :dueDate, description = :description, fiscal_document_id = :fiscalDocumentId,
				    pix_reference = CASE WHEN :kind = 'pix' AND pix_reference = '' THEN :pixReference
				                         ELSE pix_reference END,
				    version = version + 1, updated_at = :now
				WHERE id = :id""")
			.params(params(content))
			.param("now", now)
			.param("id", id)
			.param("pixReference", pixReference)
			.update();
	}

	void cancel(long id, OffsetDateTime now) {
		this.jdbc
			.sql("UPDATE finance_charge SET status = 'cancelled', version = version + 1, updated_at = ? "
					+ "WHERE id = ?")
			.params(now, id)
			.update();
	}

	/** The charge of that provider with that external id (they are unique together). */
	/**
	 * The Pix charge the provider created (its kind, copia e cola, location and status);
	 * false, with nothing written, when the charge was cancelled meanwhile.
	 */
	boolean recordPix(long id, String kind, String copiaECola, String location, String status, OffsetDateTime now) {
		return this.jdbc.sql("""
				UPDATE finance_charge SET pix_kind = ?, pix_copia_e_cola = ?, pix_location = ?, pix_status = ?,
				    version = version + 1, updated_at = ?
				WHERE id = ? AND status <> 'cancelled'""")
			.params(kind, copiaECola, location, status, now, id)
			.update() > 0;
	}

	/**
	 * The txid and connection a Pix charge is created with (a new version only when they
	 * change).
	 */
	void attachPix(long id, String txid, long connectionId, OffsetDateTime now) {
		this.jdbc
			.sql("UPDATE finance_charge SET txid = ?, pix_connection_id = ?, version = version + 1, updated_at = ? "
					+ "WHERE id = ? AND (txid <> ? OR pix_connection_id IS DISTINCT FROM ?)")
			.params(txid, connectionId, now, id, txid, connectionId)
			.update();
	}

	/** The status the provider now gives the charge's Pix. */
	void pixStatus(long id, String status) {
		this.jdbc.sql("UPDATE finance_charge SET pix_status = ? WHERE id = ?").params(status, id).update();
	}

	Optional<Long> idOfExternal(String provider, String externalId) {
		return this.jdbc.sql("SELECT id FROM finance_charge WHERE provider = ? AND external_id = ?")
			.params(provider, externalId)
			.query(Long.class)
			.optional();
	}

	boolean fiscalDocumentExists(long id) {
		return this.jdbc.sql("SELECT EXISTS (SELECT 1 FROM finance_fiscal_document WHERE id = ?)")
			.param(id)
			.query(Boolean.class)
			.single();
	}

	private static Map<String, Object> params(Content content) {
		Map<String, Object> params = new HashMap<>();
		params.put("kind", ClosedSet.wire(content.kind()));
		params.put("provider", content.provider());
		params.put("externalId", content.externalId());
		params.put("txid", content.txid());
		params.put("nossoNumero", content.nossoNumero());
		params.put("endToEndId", content.endToEndId());
		params.put("payerName", content.payerName());
		params.put("payerDocument", content.payerDocument());
		params.put("amount", content.amount());
		params.put("dueDate", content.dueDate());
		params.put("description", content.description());
		params.put("fiscalDocumentId", content.fiscalDocumentId());
		params.put("payerEmail", content.payerEmail());
		return params;
	}

	private ChargeResponse map(ResultSet rs) throws SQLException {
		BigDecimal amount = rs.getBigDecimal("amount");
		BigDecimal paid = rs.getBigDecimal("paid_amount");
		String status = rs.getString("status");
		BigDecimal open = status.equals(ClosedSet.wire(ChargeStatus.CANCELLED)) ? BigDecimal.ZERO.setScale(2)
				: amount.subtract(paid);
		return new ChargeResponse(rs.getLong("id"), rs.getString("kind"), rs.getString("provider"),
				rs.getString("external_id"), rs.getString("txid"), rs.getString("nosso_numero"),
				rs.getString("end_to_end_id"), rs.getString("payer_name"), rs.getString("payer_document"), amount, paid,
				open, status, rs.getObject("due_date", LocalDate.class), rs.getObject("paid_on", LocalDate.class),
				rs.getString("description"), rs.getObject("fiscal_document_id", Long.class),
				rs.getString("pix_reference"), Objects.requireNonNull(TransactionService.instant(rs, "created_at")),
				Objects.requireNonNull(TransactionService.instant(rs, "updated_at")),
				rs.getObject("pix_connection_id", Long.class), rs.getString("pix_kind"), rs.getString("pix_status"),
				rs.getString("pix_copia_e_cola"), rs.getString("pix_location"),
				this.links.url(rs.getString("kind"), rs.getString("payment_token")), rs.getString("payer_email"));
	}

}
