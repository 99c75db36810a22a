package br.suite.finance.reconciliation;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.allocation.AllocationService;
import br.suite.finance.charge.ChargeResponse;
import br.suite.finance.charge.ChargeService;
import br.suite.finance.fiscal.FiscalDocumentResponse;
import br.suite.finance.fiscal.FiscalDocumentService;
import br.suite.finance.transaction.TransactionResponse;
import br.suite.finance.transaction.TransactionService;
import br.suite.shared.lists.Paging;

/**
 * What the transaction and charge pages show of reconciliation: a credit's current
 * suggestions and allocations and a charge's payments, each with what it points at (a
 * charge's payer and due date, a document's customer and issue date). Reads only;
 * accepting a suggestion is {@link SuggestionService#acceptOne}.
 */
@Component
public class ReconciliationViews {

	private final SuggestionService suggestions;

	private final AllocationService allocations;

	private final ChargeService charges;

	private final FiscalDocumentService documents;

	private final TransactionService transactions;

	ReconciliationViews(SuggestionService suggestions, AllocationService allocations, ChargeService charges,
			FiscalDocumentService documents, TransactionService transactions) {
		this.transactions = transactions;
		this.suggestions = suggestions;
		this.allocations = allocations;
		this.charges = charges;
		this.documents = documents;
	}

	/**
	 * What a suggestion or an allocation points at: a charge (payer, description, due
	 * date), a fiscal document (customer, number, issue date) or, for a debit, a payable
	 * installment (supplier, the bill's description, due date).
	 */
	record Target(@Nullable Long chargeId, @Nullable Long fiscalDocumentId, String name, String label,
			@Nullable LocalDate date, BigDecimal amount, @Nullable Long billId, @Nullable Integer installmentNumber) {

		Target(@Nullable Long chargeId, @Nullable Long fiscalDocumentId, String name, String label,
				@Nullable LocalDate date, BigDecimal amount) {
			this(chargeId, fiscalDocumentId, name, label, date, amount, null, null);
		}

	}

	record SuggestionView(long transactionId, Target target, BigDecimal amount, BigDecimal score, String explanation,
			@Nullable Why why) {

		/** The row's id on the page. */
		public String rowId() {
			if (this.target.billId() != null) {
				return "sugestao-parcela-" + this.target.billId() + "-" + this.target.installmentNumber();
			}
			return this.target.chargeId() != null ? "sugestao-cobranca-" + this.target.chargeId()
					: "sugestao-documento-" + this.target.fiscalDocumentId();
		}

	}

	/**
	 * A suggestion's reasons as the page words them from the catalogue
	 * ({@code suggestion.why.*}), read back from the API's English explanation
	 * ({@link SuggestionService#explanation} for credits,
	 * {@link SuggestionService#payableExplanation} for debits); null when it does not
	 * read as one, and the page shows {@code suggestion.why.other}. {@code forTargetKey}
	 * words the other transactions that could pay the same charge, document or
	 * installment.
	 */
	public record Why(String whenKey, int days, int forTransaction, int forTarget, String forTargetKey) {

		private static final java.util.regex.Pattern EXPLANATION = java.util.regex.Pattern
			.compile("same amount [^;]+; (payer document equal|supplier document in payer document|supplier "
					+ "document in description); paid (?:on the (due|issue) date|(\\d+) days? "
					+ "(after|before) (due|issue) date)(?:; ambiguous: (\\d+) candidates for this transaction)?"
					+ "(?:; ambiguous: (\\d+) transactions could pay this (charge|document|installment))?");

		public static @Nullable Why of(String explanation) {
			java.util.regex.Matcher m = EXPLANATION.matcher(explanation);
			if (!m.matches()) {
				return null;
			}
			String reference = m.group(2) != null ? m.group(2) : m.group(5);
			String match = switch (m.group(1)) {
				case "payer document equal" -> "";
				case "supplier document in payer document" -> "supplier.payer.";
				default -> "supplier.description.";
			};
			boolean payable = !match.isEmpty();
			String target = m.group(8);
			if (payable && !reference.equals("due") || target != null && target.equals("installment") != payable) {
				// A payable is paid against its due date and is an installment; anything
				// else is not an explanation the API writes.
				return null;
			}
			String when = m.group(2) != null ? "on." + m.group(2) : m.group(4) + "." + m.group(5);
			int days = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
			int forTransaction = m.group(6) == null ? 1 : Integer.parseInt(m.group(6));
			int forTarget = m.group(7) == null ? 1 : Integer.parseInt(m.group(7));
			return new Why("suggestion.why." + match + when, days, forTransaction, forTarget,
					payable ? "suggestion.why.manyPayers" : "suggestion.why.manyTransactions");
		}

	}

	record AllocationView(long id, Target target, BigDecimal amount, String rule, BigDecimal score,
			@Nullable Long createdBy, Instant createdAt) {
	}

	/**
	 * The suggestions for one credit (charges, documents) or one debit (payable
	 * installments), best first, with what each points at.
	 */
	@Transactional(readOnly = true)
	List<SuggestionView> suggestionsFor(long transactionId) {
		List<SuggestionView> views = new ArrayList<>();
		for (SuggestionResponse s : this.suggestions.forTransaction(transactionId)) {
			views.add(new SuggestionView(s.transactionId(), target(s.chargeId(), s.fiscalDocumentId()), s.amount(),
					s.score(), s.explanation(), Why.of(s.explanation())));
		}
		for (SuggestionService.Payable p : this.suggestions.payablesFor(transactionId)) {
			SuggestionResponse s = p.response();
			Target target = new Target(null, null, p.candidate().supplierName(), p.candidate().description(),
					p.candidate().dueDate(), p.candidate().amount(), p.candidate().billId(),
					p.candidate().installmentNumber());
			views.add(new SuggestionView(s.transactionId(), target, s.amount(), s.score(), s.explanation(),
					Why.of(s.explanation())));
		}
		views.sort((a, b) -> b.score().compareTo(a.score()));
		return views;
	}

	/** The allocations of one transaction, in the order they were made. */
	@Transactional(readOnly = true)
	List<AllocationView> allocationsOf(long transactionId) {
		return this.allocations.list(new AllocationService.Filter(transactionId, null, null), new Paging(null, null))
			.items()
			.stream()
			.map(a -> new AllocationView(a.id(), target(a.chargeId(), a.fiscalDocumentId()), a.amount(), a.rule(),
					a.score(), a.createdBy(), a.createdAt()))
			.toList();
	}

	/** What paid a charge or a fiscal document: one allocated transaction. */
	record Payment(long allocationId, long transactionId, LocalDate transactionDate, String payerName,
			BigDecimal amount, String rule) {
	}

	/** The transactions allocated to a charge, in the order the allocations were made. */
	@Transactional(readOnly = true)
	List<Payment> paymentsOf(long chargeId) {
		return this.allocations.list(new AllocationService.Filter(null, chargeId, null), new Paging(null, null))
			.items()
			.stream()
			.map(a -> {
				TransactionResponse t = this.transactions.get(a.transactionId()).body();
				return new Payment(a.id(), t.id(), t.transactionDate(), t.payerName(), a.amount(), a.rule());
			})
			.toList();
	}

	private Target target(@Nullable Long chargeId, @Nullable Long fiscalDocumentId) {
		if (chargeId == null && fiscalDocumentId == null) {
			// A debit allocated to a bill's payment (DebitAllocations): the bill is
			// bills'
			// to show; the page words it as a payable's baixa.
			return new Target(null, null, "", "", null, BigDecimal.ZERO);
		}
		if (chargeId != null) {
			ChargeResponse charge = this.charges.get(chargeId).body();
			return new Target(chargeId, null, charge.payerName(), charge.description(), charge.dueDate(),
					charge.amount());
		}
		FiscalDocumentResponse document = this.documents.get(java.util.Objects.requireNonNull(fiscalDocumentId)).body();
		return new Target(null, fiscalDocumentId, document.customerName(),
				document.type().toUpperCase(java.util.Locale.ROOT) + " " + document.number(), document.issueDate(),
				document.amount());
	}

}
