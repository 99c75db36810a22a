package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;

/**
 * One transaction as a source reports it, and the rules a stored transaction obeys. Text
 * components may be null (read as empty); {@code status} null or empty means
 * {@code settled}. Field names in error maps are the wire names ({@code payer_document},
 * {@code end_to_end_id}, …).
 *
 * <p>
 * <b>Values.</b> The same rules as the API: {@code provider} a code (1-40 of
 * {@code a-z 0-9 - _}, upper case is lowered, e.g. {@code csv}, {@code asaas},
 * {@code itau}), {@code account_id} free text (may be empty), {@code direction}
 * {@code credit|debit}, {@code status} {@code pending|settled|reversed|cancelled} (absent
 * means {@code settled}, as on a bank statement), a positive amount with at most two
 * decimals and under 10^12 (the sign is the direction, never the amount),
 * {@code payer_document} empty or a CPF/CNPJ with valid check digits (stored without
 * punctuation), {@code end_to_end_id} empty or a Pix id of 32 ASCII letters and digits
 * (case kept). Text is trimmed; limits: {@code external_id}, {@code account_id},
 * {@code correlation_id}, {@code bank_reference_id}, {@code charge_external_id} 100,
 * {@code payer_name} 200, {@code description} 500.
 *
 * @param provider provider code, e.g. {@code csv}; lowered and trimmed
 * @param accountId the account at the provider; may be empty
 * @param externalId the provider's id of the transaction; required, unique per provider
 * and account
 * @param transactionDate the calendar date (America/Sao_Paulo) the money moved; required
 * @param postedAt when the provider booked it, if it says
 * @param amount positive, at most two decimals
 * @param direction {@code credit} or {@code debit}
 * @param status {@code pending}, {@code settled}, {@code reversed} or {@code cancelled}
 */
public record TransactionRow(@Nullable String provider, @Nullable String accountId, @Nullable String externalId,
		@Nullable LocalDate transactionDate, @Nullable Instant postedAt, @Nullable BigDecimal amount,
		@Nullable String direction, @Nullable String status, @Nullable String description, @Nullable String payerName,
		@Nullable String payerDocument, @Nullable String correlationId, @Nullable String bankReferenceId,
		@Nullable String endToEndId, @Nullable String chargeExternalId) {

	public TransactionRow {
		provider = provider == null ? "" : provider;
		accountId = accountId == null ? "" : accountId;
		externalId = externalId == null ? "" : externalId;
		status = status == null || status.isEmpty() ? ClosedSet.wire(TransactionStatus.SETTLED) : status;
		description = description == null ? "" : description;
		payerName = payerName == null ? "" : payerName;
		payerDocument = payerDocument == null ? "" : payerDocument;
		correlationId = correlationId == null ? "" : correlationId;
		bankReferenceId = bankReferenceId == null ? "" : bankReferenceId;
		endToEndId = endToEndId == null ? "" : endToEndId;
		chargeExternalId = chargeExternalId == null ? "" : chargeExternalId;
	}

	/**
	 * Checks this row with the rules the writer applies. Needs no transaction and reads
	 * nothing.
	 * @return field (wire name) → messages; empty when the row is acceptable
	 */
	public Map<String, List<String>> problems() {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		normalised("", errors);
		return errors.isEmpty() ? Map.of() : errors.build().errors();
	}

	/**
	 * This row as it is stored (trimmed, lowered provider, documents without punctuation,
	 * two decimals, {@code posted_at} to the microsecond), each broken rule added to
	 * {@code errors} as {@code prefix + field}.
	 */
	public TransactionRow normalised(String prefix, InvalidRequest.Builder errors) {
		String provider = FinanceFields.provider(provider(), prefix + "provider", errors);
		String accountId = FinanceFields.text(accountId(), prefix + "account_id", FinanceFields.ACCOUNT_ID_MAX, false,
				errors);
		String externalId = FinanceFields.text(externalId(), prefix + "external_id", FinanceFields.REFERENCE_MAX, true,
				errors);
		if (transactionDate() == null) {
			errors.add(prefix + "transaction_date", "is required");
		}
		BigDecimal amount = FinanceFields.amount(amount(), prefix + "amount", errors);
		TransactionDirection direction = ClosedSet.required(TransactionDirection.class, prefix + "direction",
				direction(), errors);
		TransactionStatus status = ClosedSet.required(TransactionStatus.class, prefix + "status", status(), errors);
		String description = FinanceFields.text(description(), prefix + "description", 500, false, errors);
		String payerName = FinanceFields.text(payerName(), prefix + "payer_name", 200, false, errors);
		String payerDocument = FinanceFields.taxId(payerDocument(), prefix + "payer_document", errors);
		String correlationId = FinanceFields.text(correlationId(), prefix + "correlation_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		String bankReferenceId = FinanceFields.text(bankReferenceId(), prefix + "bank_reference_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		String endToEndId = FinanceFields.endToEndId(endToEndId(), prefix + "end_to_end_id", errors);
		String chargeExternalId = FinanceFields.text(chargeExternalId(), prefix + "charge_external_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		return new TransactionRow(provider, accountId, externalId, transactionDate(),
				postedAt() == null ? null : postedAt().truncatedTo(ChronoUnit.MICROS), amount,
				direction == null ? direction() : ClosedSet.wire(direction),
				status == null ? status() : ClosedSet.wire(status), description, payerName, payerDocument,
				correlationId, bankReferenceId, endToEndId, chargeExternalId);
	}

	/** The same row in another provider account, every other field as it is. */
	TransactionRow inAccount(String provider, String accountId) {
		return new TransactionRow(provider, accountId, this.externalId, this.transactionDate, this.postedAt,
				this.amount, this.direction, this.status, this.description, this.payerName, this.payerDocument,
				this.correlationId, this.bankReferenceId, this.endToEndId, this.chargeExternalId);
	}

}
