package br.suite.imports.csv;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.shared.DateTimes;
import br.suite.shared.Money;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * One transaction of a prepared import, as prepare writes it into {@code groups} and
 * confirm reads it back (the client may have edited it: confirm validates every field
 * again). The provider and account are the import's ({@code import_metadata}); the amount
 * is positive and the sign is the direction. Values are kept as the client sent them so
 * that a bad one is reported as a row error, not as a malformed request.
 */
@Schema(description = "A normalised transaction of a CSV import (an element of a group)")
public record CsvImportRow(
		@Schema(description = "Required, ≤ 100; unique within the import. The bank's id from the file when it "
				+ "has one, else the Pix end-to-end id, else derived from the line's content (csv-…)",
				example = "B2026-0000123") String externalId,
		@Schema(type = "string", format = "date", example = "2026-03-05",
				description = "Required; must fall in the month of the row's group") @Nullable String transactionDate,
		@Schema(type = "string", format = "date-time", nullable = true,
				description = "When the bank booked it, if the file says (ISO 8601 with offset)") @Nullable String postedAt,
		@Schema(type = "string", example = "1234.50",
				description = "Required, positive, at most two decimals "
						+ "(a JSON number is accepted too); the sign of the money is direction") @JsonDeserialize(
								using = CsvImportRow.AmountText.class) @Nullable String amount,
		@Schema(allowableValues = {
				"credit", "debit" }, description = "Required") String direction,
		@Schema(allowableValues = { "pending", "settled", "reversed", "cancelled" },
				description = "Default settled") String status,
		@Schema(description = "≤ 500") String description, @Schema(description = "≤ 200") String payerName,
		@Schema(description = "Empty or a CPF/CNPJ with valid check digits") String payerDocument,
		@Schema(description = "Empty or a Pix end-to-end id (32 letters and digits)") String endToEndId,
		@Schema(description = "≤ 100; the statement's document number") String bankReferenceId,
		@Schema(description = "≤ 100") String correlationId, @Schema(description = "≤ 100") String chargeExternalId,
		@Schema(nullable = true, description = "The line of the file the row was read from (null for a row "
				+ "added by hand); confirm quotes it in error messages and otherwise ignores it") @Nullable Integer line)
		implements
			java.io.Serializable{

	public CsvImportRow {
		externalId = externalId == null ? "" : externalId;
		// The closed sets' values as the constants, not one copy per row (a confirmation
		// holds up to 130 000 rows).
		direction = direction == null ? "" : switch (direction) {
			case "credit" -> "credit";
			case "debit" -> "debit";
			default -> direction;
		};
		status = status == null || status.isEmpty() ? "settled" : switch (status) {
			case "settled" -> "settled";
			case "pending" -> "pending";
			case "reversed" -> "reversed";
			case "cancelled" -> "cancelled";
			default -> status;
		};
		description = description == null ? "" : description;
		payerName = payerName == null ? "" : payerName;
		payerDocument = payerDocument == null ? "" : payerDocument;
		endToEndId = endToEndId == null ? "" : endToEndId;
		bankReferenceId = bankReferenceId == null ? "" : bankReferenceId;
		correlationId = correlationId == null ? "" : correlationId;
		chargeExternalId = chargeExternalId == null ? "" : chargeExternalId;
	}

	/** A line read from a statement file, as prepare writes it into a group. */
	static CsvImportRow of(Line line) {
		return new CsvImportRow(line.externalId(), line.date().toString(),
				line.postedAt() == null ? null : DateTimes.utcMillis(line.postedAt()), Money.format(line.amount()),
				line.direction(), line.status(), line.description(), line.payerName(), line.payerDocument(),
				line.endToEndId(), line.bankReferenceId(), line.correlationId(), line.chargeExternalId(),
				line.number());
	}

	/**
	 * The row as finance checks it. A date, amount or instant whose text cannot be read
	 * (or a date outside the group's {@code month}) goes to {@code unreadable} (wire
	 * field → message) and in as null or as read; everything else is finance's to judge.
	 */
	RawTransaction transaction(YearMonth month, Map<String, String> unreadable) {
		LocalDate date = null;
		String dateText = strip(this.transactionDate);
		if (!dateText.isEmpty()) {
			try {
				date = dateText.length() == 10 ? LocalDate.parse(dateText) : null;
			}
			catch (DateTimeParseException ex) {
				date = null;
			}
			if (date == null) {
				unreadable.put("transaction_date", "must be a date YYYY-MM-DD (got \"" + dateText + "\")");
			}
			else if (!YearMonth.from(date).equals(month)) {
				unreadable.put("transaction_date", date + " is outside the group's month " + month);
			}
		}
		String amountText = strip(this.amount);
		BigDecimal amount = amountText.isEmpty() ? null : Money.parseOrNull(amountText);
		if (!amountText.isEmpty() && amount == null) {
			unreadable.put("amount", Money.MESSAGE + " (got \"" + amountText + "\")");
		}
		Instant posted = null;
		String postedText = strip(this.postedAt);
		if (!postedText.isEmpty()) {
			try {
				posted = OffsetDateTime.parse(postedText).toInstant();
			}
			catch (DateTimeParseException ex) {
				unreadable.put("posted_at", "must be an ISO 8601 date-time with offset, e.g. "
						+ "2026-03-05T14:30:00Z (got \"" + postedText + "\")");
			}
		}
		return new RawTransaction(this.externalId, date, posted, amount, this.direction, this.status, this.description,
				this.payerName, this.payerDocument, this.correlationId, this.bankReferenceId, this.endToEndId,
				this.chargeExternalId);
	}

	private static String strip(@Nullable String text) {
		return text == null ? "" : text.strip();
	}

	/**
	 * An amount as its text: a JSON string or number, so {@code "10,50"} is a row error
	 * rather than a 400.
	 */
	static final class AmountText extends ValueDeserializer<String> {

		@Override
		public String deserialize(JsonParser p, DeserializationContext ctxt) {
			JsonToken token = p.currentToken();
			if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NUMBER_INT
					|| token == JsonToken.VALUE_NUMBER_FLOAT) {
				return p.getString();
			}
			return (String) ctxt.handleUnexpectedToken(String.class, p);
		}

	}

}
