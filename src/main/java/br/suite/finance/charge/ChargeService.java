package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.ChargeKind;
import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.ChargeCancelled;
import br.suite.finance.FinanceProblems.ChargeExternalIdTaken;
import br.suite.finance.FinanceProblems.ChargeHasPayments;
import br.suite.finance.FinanceProblems.ChargeNotFound;
import br.suite.finance.NossoNumeros;
import br.suite.finance.ReconciliationState;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.Money;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * Charges: what clients write (the charge) and what allocations derive (paid amount,
 * status).
 */
@Service
public class ChargeService {

	/** A Pix txid (BCB's Pix API: 26 to 35 characters {@code [a-zA-Z0-9]}). */
	private static final Pattern TXID = Pattern.compile("[A-Za-z0-9]{26,35}");

	static final int NOSSO_NUMERO_MAX = 40;

	private final ChargeRepository charges;

	private final PartialUpdates partialUpdates;

	private final ReconciliationState state;

	private final AuditLog audit;

	ChargeService(ChargeRepository charges, PartialUpdates partialUpdates, ReconciliationState state, AuditLog audit) {
		this.audit = audit;
		this.charges = charges;
		this.partialUpdates = partialUpdates;
		this.state = state;
	}

	public record Filter(@Nullable String status, @Nullable String kind, @Nullable LocalDate dueFrom,
			@Nullable LocalDate dueTo, @Nullable LocalDate paidFrom, @Nullable LocalDate paidTo,
			@Nullable String payerDocument, @Nullable String q) {
	}

	/** A request after its checks, normalised. */
	record Content(ChargeKind kind, String provider, String externalId, String txid, String nossoNumero,
			String endToEndId, String payerName, String payerDocument, BigDecimal amount, @Nullable LocalDate dueDate,
			String description, @Nullable Long fiscalDocumentId, String payerEmail) {
	}

	@Transactional(readOnly = true)
	public ListQuery.Page<ChargeResponse> list(Filter filter, Paging paging) {
		range(filter.dueFrom(), filter.dueTo(), "due_from", "due_to");
		range(filter.paidFrom(), filter.paidTo(), "paid_from", "paid_to");
		ChargeStatus status = filter.status() == null ? null
				: ClosedSet.parse(ChargeStatus.class, "status", filter.status());
		ChargeKind kind = filter.kind() == null ? null : ClosedSet.parse(ChargeKind.class, "kind", filter.kind());
		String document = null;
		if (filter.payerDocument() != null) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			document = FinanceFields.taxId(filter.payerDocument(), "payer_document", errors);
			errors.throwIfAny();
		}
		String q = filter.q() == null ? "" : FinanceFields.parameter(filter.q(), "q");
		return this.charges.list(new ChargeRepository.Criteria(status, kind, filter.dueFrom(), filter.dueTo(),
				filter.paidFrom(), filter.paidTo(), document, q), paging);
	}

	@Transactional(readOnly = true)
	public Versioned<ChargeResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	public Versioned<ChargeResponse> create(ChargeRequest request) {
		Content content = check(request);
		checkExternalIdFree(content, null);
		OffsetDateTime now = now();
		long id;
		try {
			id = this.charges.insert(content, PixReferences.next(), now);
		}
		catch (DuplicateKeyException ex) {
			throw externalIdTaken(content);
		}
		Versioned<ChargeResponse> created = find(id, false);
		this.audit.record("finance.charge.created", "charge", id, AuditLog.Changes.created(audited(created.body())));
		return created;
	}

	/** The fields of a charge the audit log compares (wire names). */
	private static Map<String, @Nullable Object> audited(ChargeResponse charge) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("kind", charge.kind());
		fields.put("provider", charge.provider());
		fields.put("external_id", charge.externalId());
		fields.put("txid", charge.txid());
		fields.put("nosso_numero", charge.nossoNumero());
		fields.put("end_to_end_id", charge.endToEndId());
		fields.put("payer_name", charge.payerName());
		fields.put("payer_document", charge.payerDocument());
		fields.put("payer_email", charge.payerEmail());
		fields.put("amount", Money.format(charge.amount()));
		fields.put("due_date", charge.dueDate() == null ? null : charge.dueDate().toString());
		fields.put("description", charge.description());
		fields.put("fiscal_document_id", charge.fiscalDocumentId());
		fields.put("status", charge.status());
		return fields;
	}

	/** PATCH: the fields sent are laid over the charge and checked like a create. */
	@Transactional
	Versioned<ChargeResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		return update(id, current -> this.partialUpdates.merge(current, patch, ChargeRequest.class), expected);
	}

	/**
	 * The charge as {@code edit} makes it from its current fields (read under the row's
	 * lock, after the version check), checked like a create.
	 */
	@Transactional
	public Versioned<ChargeResponse> update(long id, UnaryOperator<ChargeRequest> edit, ExpectedVersion expected) {
		Versioned<ChargeResponse> current = find(id, true);
		expected.check(current.version());
		ChargeResponse charge = current.body();
		Content content = check(edit.apply(request(charge)));
		if (charge.status().equals(ClosedSet.wire(ChargeStatus.CANCELLED))) {
			throw new ChargeCancelled(id);
		}
		if (content.amount().compareTo(charge.paidAmount()) < 0) {
			throw new ChargeHasPayments(id, charge.paidAmount(), "lower its amount to " + content.amount());
		}
		checkExternalIdFree(content, id);
		try {
			this.charges.update(id, content, PixReferences.next(), now());
		}
		catch (DuplicateKeyException ex) {
			throw externalIdTaken(content);
		}
		this.state.refreshCharges(List.of(id));
		Versioned<ChargeResponse> updated = find(id, false);
		AuditLog.Changes changes = AuditLog.Changes.between(audited(charge), audited(updated.body()));
		if (!changes.isEmpty()) {
			this.audit.record("finance.charge.updated", "charge", id, changes);
		}
		return updated;
	}

	/**
	 * Calls a charge off. Refused (409) while transactions are allocated to it;
	 * cancelling twice is a no-op.
	 */
	@Transactional
	Versioned<ChargeResponse> cancel(long id, ExpectedVersion expected) {
		Versioned<ChargeResponse> current = find(id, true);
		expected.check(current.version());
		ChargeResponse charge = current.body();
		if (charge.status().equals(ClosedSet.wire(ChargeStatus.CANCELLED))) {
			return current;
		}
		if (charge.paidAmount().signum() > 0) {
			throw new ChargeHasPayments(id, charge.paidAmount(), "cancel it");
		}
		this.charges.cancel(id, now());
		this.audit.record("finance.charge.cancelled", "charge", id,
				AuditLog.Changes.of().put("status", charge.status(), ClosedSet.wire(ChargeStatus.CANCELLED)));
		return find(id, false);
	}

	/** Whether the charge was called off (it no longer changes). */
	@Transactional(readOnly = true)
	boolean cancelled(long id) {
		return find(id, false).body().status().equals(ClosedSet.wire(ChargeStatus.CANCELLED));
	}

	private Versioned<ChargeResponse> find(long id, boolean forUpdate) {
		return this.charges.find(id, forUpdate).orElseThrow(() -> new ChargeNotFound(id));
	}

	private Content check(ChargeRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		ChargeKind kind = ClosedSet.requiredStripped(ChargeKind.class, "kind", request.kind(), errors);
		String provider = request.provider() == null || request.provider().isBlank() ? ""
				: FinanceFields.provider(request.provider(), "provider", errors);
		String externalId = FinanceFields.text(request.externalId(), "external_id", FinanceFields.REFERENCE_MAX, false,
				errors);
		String txid = request.txid() == null ? "" : request.txid().strip();
		if (!txid.isEmpty() && !TXID.matcher(txid).matches()) {
			errors.add("txid", "must be empty or a Pix txid: 26 to 35 letters (A-Z, a-z) and digits (got "
					+ txid.length() + " characters)");
		}
		String nossoNumero = FinanceFields.text(request.nossoNumero(), "nosso_numero", NOSSO_NUMERO_MAX, false, errors);
		NossoNumeros.Bank bank = NossoNumeros.byProvider(provider);
		if (bank != null && !nossoNumero.isEmpty()) {
			// The form the bank's return file is imported in, so its line pays this
			// charge.
			try {
				nossoNumero = NossoNumeros.ofPrinted(bank, nossoNumero);
			}
			catch (IllegalArgumentException ex) {
				errors.add("nosso_numero", ex.getMessage());
			}
		}
		String endToEndId = FinanceFields.endToEndId(request.endToEndId(), "end_to_end_id", errors);
		String payerName = FinanceFields.text(request.payerName(), "payer_name", 200, false, errors);
		String payerDocument = FinanceFields.taxId(request.payerDocument(), "payer_document", errors);
		BigDecimal amount = FinanceFields.amount(request.amount(), "amount", errors);
		String description = FinanceFields.text(request.description(), "description", 500, false, errors);
		String payerEmail = FinanceFields.email(request.payerEmail(), "payer_email", errors);
		Long document = request.fiscalDocumentId();
		if (document != null) {
			boolean exists = document > 0 && this.charges.fiscalDocumentExists(document);
			if (!exists) {
				errors.add("fiscal_document_id", "fiscal document " + document + " does not exist");
			}
		}
		errors.throwIfAny();
		return new Content(Objects.requireNonNull(kind), provider, externalId, txid, nossoNumero, endToEndId, payerName,
				payerDocument, Objects.requireNonNull(amount), request.dueDate(), description, document, payerEmail);
	}

	private void checkExternalIdFree(Content content, @Nullable Long exceptId) {
		if (content.externalId().isEmpty()) {
			return;
		}
		this.charges.idOfExternal(content.provider(), content.externalId())
			.filter(existing -> !existing.equals(exceptId))
			.ifPresent(existing -> {
				throw new ChargeExternalIdTaken(content.provider(), content.externalId(), existing);
			});
	}

	private ChargeExternalIdTaken externalIdTaken(Content content) {
		long existing = this.charges.idOfExternal(content.provider(), content.externalId()).orElse(0L);
		return new ChargeExternalIdTaken(content.provider(), content.externalId(), existing);
	}

	private static ChargeRequest request(ChargeResponse charge) {
		return new ChargeRequest(charge.kind(), charge.provider(), charge.externalId(), charge.txid(),
				charge.nossoNumero(), charge.endToEndId(), charge.payerName(), charge.payerDocument(), charge.amount(),
				charge.dueDate(), charge.description(), charge.fiscalDocumentId(), charge.payerEmail());
	}

	private static void range(@Nullable LocalDate from, @Nullable LocalDate to, String fromName, String toName) {
		if (from != null && to != null && to.isBefore(from)) {
			throw InvalidRequest.of(toName, "must not be before " + fromName);
		}
	}

	private static OffsetDateTime now() {
		return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
	}

}
