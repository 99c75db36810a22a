package br.suite.imports.statement;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.imports.csv.CsvImportFormat;

/**
 * What a statement file was read as, for one of its accounts: the format detected from
 * its content, how its bytes were decoded and why, and what it says about the account.
 */
@Schema(description = "How the file was read and what it says about the account")
public record StatementFormat(@Schema(allowableValues = {
		"csv", "ofx", "ofc", "cnab240", "cnab400" },
		description = "Detected from the content, never from the file name") String format,
		@Schema(nullable = true,
				description = "OFX: the header's VERSION (102, 211…); OFC: its DTD; CNAB: the "
						+ "file layout version; CSV: null",
				example = "102") @Nullable String version,
		@Schema(allowableValues = { "utf-8", "us-ascii", "windows-1252", "iso-8859-1", "utf-16" },
				description = "The charset the bytes were decoded with") String charset,
		@Schema(description = "Why that charset (the file's own declaration is not trusted)",
				example = "the bytes are valid UTF-8, although the file declares ENCODING:USASCII CHARSET:1252") String charsetReason,
		@Schema(nullable = true, description = "What the file declares, as written",
				example = "ENCODING:USASCII CHARSET:1252") @Nullable String declaredCharset,
		@Schema(nullable = true, description = "OFX BANKID, CNAB bank code", example = "0341") @Nullable String bankId,
		@Schema(nullable = true, description = "OFX BRANCHID (agência)") @Nullable String branchId,
		@Schema(nullable = true,
				description = "OFX ACCTID; CNAB: the agreement (convênio / código do "
						+ "beneficiário)") @Nullable String account,
		@Schema(nullable = true,
				description = "OFX ACCTTYPE (CHECKING, SAVINGS, CREDITCARD…); CNAB: collection") @Nullable String accountType,
		@Schema(nullable = true,
				description = "OFX CURDEF; always BRL when present (other currencies are refused)") @Nullable String currency,
		@Schema(nullable = true, type = "string", format = "date",
				description = "Start of the period the file covers (OFX DTSTART)") @Nullable String periodStart,
		@Schema(nullable = true, type = "string", format = "date",
				description = "End of the period (OFX DTEND)") @Nullable String periodEnd,
		@Schema(nullable = true,
				description = "The ledger balance the file states (OFX LEDGERBAL, OFC LEDGER)") @Nullable StatementBalance balance,
		@Schema(nullable = true,
				description = "The opening balance offered for a new bank account of this statement: the balance at the "
						+ "start of date (the period's start, or the first transaction's day if earlier), i.e. the ledger "
						+ "balance less the statement's transactions from date through the ledger balance's date; null "
						+ "without a ledger balance") @Nullable StatementBalance openingBalance,
		@Schema(nullable = true,
				description = "CSV only: delimiter, decimal separator, header and columns") @Nullable CsvImportFormat csv)
		implements
			java.io.Serializable{

	/** A balance and the date it is stated for. */
	@Schema(description = "A stated balance")
	public record StatementBalance(@Schema(description = "Signed, two decimals", example = "-1234.56") String amount,
			@Schema(nullable = true, type = "string", format = "date") @Nullable String date)
			implements
				java.io.Serializable {
	}

}
