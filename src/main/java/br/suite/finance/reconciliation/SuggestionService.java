package br.suite.finance.reconciliation;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.AllocationRule;
import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.NotASuggestion;
import br.suite.finance.PayableInstallments;
import br.suite.finance.allocation.AllocationResponse;
import br.suite.finance.allocation.AllocationService;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Suggestions: pairs of a credit transaction with money open and a charge (or fiscal
 * document) that no exact key ties, but whose open amount equals the transaction's, whose
 * payer (customer) CPF/CNPJ equals the transaction's payer, and whose due date (issue
 * date) is at most {@code windowBeforeDays} after and {@code windowAfterDays} before the
 * payment. Computed by one set-based query; never allocated automatically.
 */
@Service
public class SuggestionService {

	private final JdbcClient jdbc;

	private final ReconciliationSettings settings;

	private final AllocationService allocations;

	private final List<PayableInstallments> payables;

	SuggestionService(JdbcClient jdbc, ReconciliationSettings settings, AllocationService allocations,
			List<PayableInstallments> payables) {
		this.jdbc = jdbc;
		this.settings = settings;
		this.allocations = allocations;
		this.payables = payables;
	}

	/** One pair to accept; a null amount means the suggested amount. */
	record Acceptance(@Nullable Long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId,
			@JsonDeserialize(using = Money.Reader.class) @Nullable BigDecimal amount) {
	}

	@Transactional(readOnly = true)
	List<SuggestionResponse> list(LocalDate from, LocalDate to, @Nullable String accountId) {
		Map<String, Object> params = new HashMap<>();
		params.put("from", from);
		params.put("to", to);
		String where = "t.transaction_date >= :from AND t.transaction_date <= :to";
		if (accountId != null) {
			where += " AND t.account_id = :account";
			params.put("account", accountId);
		}
		List<SuggestionResponse> all = new ArrayList<>(query(where, params));
		payables(where, params).forEach(p -> all.add(p.response()));
		all.sort(java.util.Comparator.comparingLong(SuggestionResponse::transactionId));
		return all;
	}

	/** A payable suggestion and the installment it proposes (supplier, description). */
	record Payable(SuggestionResponse response, PayableInstallments.Candidate candidate) {
	}

	/**
	 * The current payable suggestions for one transaction (none when it is not a settled
	 * debit with money unallocated), the nearest due date first.
	 */
	@Transactional(readOnly = true)
	List<Payable> payablesFor(long transactionId) {
		Map<String, Object> params = new HashMap<>();
		params.put("id", transactionId);
		return payables("t.id = :id", params);
	}

	/**
	 * Open payable installments for the settled debits with money unallocated (through
	 * bills' {@link PayableInstallments}), scored and explained as the credits' are, the
	 * nearest due date first.
	 */
	private List<Payable> payables(String transactionFilter, Map<String, Object> params) {
		if (this.payables.isEmpty()) {
			return List.of();
		}
		List<PayableInstallments.Debit> debits = this.jdbc.sql("""
				SELECT t.id, t.amount - t.allocated_amount, t.transaction_date, t.payer_document, t.description
				FROM finance_transaction t
				WHERE t.direction = 'debit' AND t.status = 'settled' AND t.amount > t.allocated_amount AND %s
				ORDER BY t.id""".formatted(transactionFilter))
			.params(params)
			.query((rs, n) -> new PayableInstallments.Debit(rs.getLong(1), rs.getBigDecimal(2),
					rs.getObject(3, LocalDate.class), rs.getString(4), rs.getString(5)))
			.list();
		if (debits.isEmpty()) {
			return List.of();
		}
		Map<Long, LocalDate> dates = new HashMap<>();
		debits.forEach(debit -> dates.put(debit.transactionId(), debit.date()));
		List<PayableInstallments.Candidate> candidates = new ArrayList<>();
		for (PayableInstallments port : this.payables) {
			candidates
				.addAll(port.candidates(debits, this.settings.windowBeforeDays(), this.settings.windowAfterDays()));
		}
		Map<Long, Long> perTransaction = candidates.stream()
			.collect(java.util.stream.Collectors.groupingBy(PayableInstallments.Candidate::transactionId,
					java.util.stream.Collectors.counting()));
		Map<String, Long> perInstallment = candidates.stream()
			.collect(java.util.stream.Collectors.groupingBy(c -> c.billId() + "/" + c.installmentNumber(),
					java.util.stream.Collectors.counting()));
		record Dated(PayableInstallments.Candidate candidate, int days) {
		}
		List<Dated> dated = new ArrayList<>();
		for (PayableInstallments.Candidate candidate : candidates) {
			dated.add(new Dated(candidate, (int) java.time.temporal.ChronoUnit.DAYS.between(candidate.dueDate(),
					dates.get(candidate.transactionId()))));
		}
		dated.sort(java.util.Comparator.comparingLong((Dated d) -> d.candidate().transactionId())
			.thenComparingInt(d -> Math.abs(d.days())));
		List<Payable> suggestions = new ArrayList<>();
		for (Dated d : dated) {
			PayableInstallments.Candidate candidate = d.candidate();
			int forTransaction = perTransaction.get(candidate.transactionId()).intValue();
			int forTarget = perInstallment.get(candidate.billId() + "/" + candidate.installmentNumber()).intValue();
			suggestions.add(new Payable(
					new SuggestionResponse(
							candidate.transactionId(), null, null, candidate.billId(), candidate.installmentNumber(),
							candidate.amount(), score(d.days(), forTransaction, forTarget), payableExplanation(
									candidate.amount(), d.days(), candidate.match(), forTransaction, forTarget)),
					candidate));
		}
		return suggestions;
	}

	/**
	 * A payable suggestion's explanation, worded as {@link #explanation} words the
	 * credits': {@code same amount 300.00; supplier document in payer document; paid 2
	 * days after due date}.
	 */
	public static String payableExplanation(BigDecimal amount, int days, PayableInstallments.Match match,
			int forTransaction, int forTarget) {
		StringBuilder text = new StringBuilder("same amount ").append(Money.format(amount))
			.append(match == PayableInstallments.Match.PAYER_DOCUMENT ? "; supplier document in payer document; "
					: "; supplier document in description; ");
		if (days == 0) {
			text.append("paid on the due date");
		}
		else {
			text.append("paid ")
				.append(Math.abs(days))
				.append(Math.abs(days) == 1 ? " day " : " days ")
				.append(days > 0 ? "after " : "before ")
				.append("due date");
		}
		if (forTransaction > 1) {
			text.append("; ambiguous: ").append(forTransaction).append(" candidates for this transaction");
		}
		if (forTarget > 1) {
			text.append("; ambiguous: ").append(forTarget).append(" transactions could pay this installment");
		}
		return text.toString();
	}

	/**
	 * The current suggestions for one transaction (none when it is not an open credit).
	 */
	@Transactional(readOnly = true)
	List<SuggestionResponse> forTransaction(long transactionId) {
		Map<String, Object> params = new HashMap<>();
		params.put("id", transactionId);
		return query("t.id = :id", params);
	}

	/**
	 * Allocates every item (rule suggestion, the suggestion's score) or none: an item
	 * that is not a current suggestion is a 409 naming it.
	 */
	@Transactional
	List<AllocationResponse> accept(List<Acceptance> items, long userId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (items.isEmpty()) {
			errors.add("items", "must list at least one suggestion to accept");
		}
		if (items.size() > 1000) {
			errors.add("items", "must list at most 1000 suggestions");
		}
		for (int i = 0; i < items.size(); i++) {
			Acceptance item = items.get(i);
			String at = "items[" + i + "].";
			if (item == null || item.transactionId() == null) {
				errors.add(at + "transaction_id", "is required");
				continue;
			}
			if ((item.chargeId() == null) == (item.fiscalDocumentId() == null)) {
				errors.add(at + "charge_id", "give exactly one of charge_id and fiscal_document_id");
			}
			if (item.amount() != null) {
				FinanceFields.amount(item.amount(), at + "amount", errors);
			}
		}
		errors.throwIfAny();
		Map<String, Object> params = new HashMap<>();
		params.put("ids", items.stream().map(Acceptance::transactionId).distinct().toArray(Long[]::new));
		List<SuggestionResponse> current = query("t.id = ANY (:ids)", params);
		List<AllocationService.Item> allocate = new ArrayList<>();
		List<BigDecimal> scores = new ArrayList<>();
		for (int i = 0; i < items.size(); i++) {
			Acceptance item = items.get(i);
			int index = i;
			SuggestionResponse suggestion = current.stream()
				.filter(s -> s.transactionId() == item.transactionId() && Objects.equals(s.chargeId(), item.chargeId())
						&& Objects.equals(s.fiscalDocumentId(), item.fiscalDocumentId()))
				.findFirst()
				.orElseThrow(() -> new NotASuggestion(index, item.transactionId(), item.chargeId() != null
						? "charge " + item.chargeId() : "fiscal document " + item.fiscalDocumentId()));
			allocate.add(new AllocationService.Item(Objects.requireNonNull(item.transactionId()), item.chargeId(),
					item.fiscalDocumentId(), item.amount() != null ? item.amount() : suggestion.amount()));
			scores.add(suggestion.score());
		}
		List<Long> ids = this.allocations.allocate(allocate, AllocationRule.SUGGESTION, scores, userId, "items");
		return ids.stream().map(this.allocations::get).toList();
	}

	/**
	 * Accepts one current suggestion of one transaction for the suggested amount (what a
	 * page's button does): one suggestion query for that transaction, one allocation, and
	 * its id back; nothing is read back.
	 * @throws NotASuggestion when the pair is no longer a current suggestion (nothing is
	 * allocated then)
	 */
	@Transactional
	long acceptOne(long transactionId, Target target, long userId) {
		Map<String, Object> params = new HashMap<>();
		params.put("id", transactionId);
		SuggestionResponse suggestion = query("t.id = :id", params).stream()
			.filter(s -> Objects.equals(s.chargeId(), target.chargeId())
					&& Objects.equals(s.fiscalDocumentId(), target.fiscalDocumentId()))
			.findFirst()
			.orElseThrow(() -> new NotASuggestion(0, transactionId, target.toString()));
		return this.allocations
			.allocate(List.of(new AllocationService.Item(transactionId, target.chargeId(), target.fiscalDocumentId(),
					suggestion.amount())), AllocationRule.SUGGESTION, List.of(suggestion.score()), userId, "")
			.get(0);
	}

	/** What a suggestion pays: a charge or a fiscal document, exactly one. */
	record Target(@Nullable Long chargeId, @Nullable Long fiscalDocumentId) {

		Target {
			if ((chargeId == null) == (fiscalDocumentId == null)) {
				throw new IllegalArgumentException("A suggestion pays a charge or a fiscal document");
			}
		}

		@Override
		public String toString() {
			return this.chargeId != null ? "charge " + this.chargeId : "fiscal document " + this.fiscalDocumentId;
		}

	}

	private List<SuggestionResponse> query(String transactionFilter, Map<String, Object> params) {
		Map<String, Object> all = new HashMap<>(params);
		all.put("before", this.settings.windowBeforeDays());
		all.put("after", this.settings.windowAfterDays());
		String sql = """
				WITH tx AS (
				    SELECT t.id, t.amount - t.allocated_amount AS open, t.payer_document, t.transaction_date,
				           t.end_to_end_id, t.correlation_id, t.charge_external_id, t.bank_reference_id
				    FROM finance_transaction t
				    WHERE t.direction = 'credit' AND t.status IN ('settled', 'pending')
				      AND t.amount > t.allocated_amount AND t.payer_document <> '' AND %s),
				candidates AS (
				    SELECT tx.id AS transaction_id, c.id AS charge_id, NULL::bigint AS fiscal_document_id,
				           tx.open AS amount, tx.transaction_date - c.due_date AS days, 'due date' AS reference
				    FROM tx JOIN finance_charge c
				      ON c.payer_document = tx.payer_document AND c.amount - c.paid_amount = tx.open
				    WHERE c.status <> 'cancelled' AND c.due_date IS NOT NULL
				      AND tx.transaction_date BETWEEN c.due_date - :before AND c.due_date + :after
				      AND NOT (c.end_to_end_id <> '' AND c.end_to_end_id = tx.end_to_end_id)
				      AND NOT (c.txid <> '' AND c.txid = tx.correlation_id)
				      AND NOT (c.pix_reference <> '' AND c.pix_reference = tx.correlation_id)
				      AND NOT (c.external_id <> '' AND c.external_id = tx.charge_external_id)
				      AND NOT (c.nosso_numero <> '' AND c.nosso_numero = tx.bank_reference_id)
				      AND NOT EXISTS (SELECT 1 FROM finance_allocation a
				                      WHERE a.transaction_id = tx.id AND a.charge_id = c.id)
				    UNION ALL
				    SELECT tx.id, NULL, d.id, tx.open, tx.transaction_date - d.issue_date, 'issue date'
				    FROM tx JOIN finance_fiscal_document d ON d.customer_document = tx.payer_document
				    WHERE d.status NOT IN ('cancelled', 'denied') AND d.issue_date IS NOT NULL
				      AND tx.transaction_date BETWEEN d.issue_date - :before AND d.issue_date + :after
				      AND d.amount - COALESCE((SELECT sum(a.amount) FROM finance_allocation a
				                               WHERE a.fiscal_document_id = d.id), 0) = tx.open
				      AND NOT EXISTS (SELECT 1 FROM finance_allocation a
				                      WHERE a.transaction_id = tx.id AND a.fiscal_document_id = d.id))
				SELECT transaction_id, charge_id, fiscal_document_id, amount, days, reference,
				       count(*) OVER (PARTITION BY transaction_id) AS for_transaction,
				       count(*) OVER (PARTITION BY charge_id, fiscal_document_id) AS for_target
				FROM candidates
				ORDER BY transaction_id, abs(days), charge_id NULLS LAST, fiscal_document_id"""
			.formatted(transactionFilter);
		return this.jdbc.sql(sql).params(all).query((rs, n) -> {
			int days = rs.getInt("days");
			int forTransaction = rs.getInt("for_transaction");
			int forTarget = rs.getInt("for_target");
			BigDecimal amount = rs.getBigDecimal("amount");
			return new SuggestionResponse(rs.getLong("transaction_id"), rs.getObject("charge_id", Long.class),
					rs.getObject("fiscal_document_id", Long.class), null, null, amount,
					score(days, forTransaction, forTarget),
					explanation(amount, days, rs.getString("reference"), forTransaction, forTarget));
		}).list();
	}

	/**
	 * 0.90 when paid on the day or up to 3 days after, less 0.01 per day later (at least
	 * 0.60) or 0.03 per day earlier; an ambiguous pair (the transaction or the target has
	 * other candidates) loses 0.30.
	 */
	static BigDecimal score(int days, int forTransaction, int forTarget) {
		double score = days < 0 ? 0.90 - 0.03 * -days : days <= 3 ? 0.90 : Math.max(0.60, 0.90 - 0.01 * (days - 3));
		if (forTransaction > 1 || forTarget > 1) {
			score -= 0.30;
		}
		return BigDecimal.valueOf(score).setScale(2, RoundingMode.HALF_UP);
	}

	public static String explanation(BigDecimal amount, int days, String reference, int forTransaction, int forTarget) {
		StringBuilder text = new StringBuilder("same amount ").append(Money.format(amount))
			.append("; payer document equal; ");
		if (days == 0) {
			text.append("paid on the ").append(reference);
		}
		else {
			text.append("paid ")
				.append(Math.abs(days))
				.append(Math.abs(days) == 1 ? " day " : " days ")
				.append(days > 0 ? "after " : "before ")
				.append(reference);
		}
		if (forTransaction > 1) {
			text.append("; ambiguous: ").append(forTransaction).append(" candidates for this transaction");
		}
		if (forTarget > 1) {
			text.append("; ambiguous: ")
				.append(forTarget)
				.append(" transactions could pay this ")
				.append(reference.equals("due date") ? "charge" : "document");
		}
		return text.toString();
	}

}
