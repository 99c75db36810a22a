package br.suite.imports.reader;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Problem;

/**
 * A statement file other than CSV (OFX, OFC, a CNAB return file) as its reader found it:
 * how its bytes were decoded and, per account it holds, the transactions read, the
 * records that could not be read and those left out on purpose. Writes nothing.
 */
public record StatementFile(String format, @Nullable String version, String charset, String charsetReason,
		@Nullable String declaredCharset, List<Account> accounts) {

	/**
	 * One account of the file.
	 *
	 * @param provider the provider code its transactions go to unless the caller names
	 * one
	 * @param accountId the account id its transactions go to unless the caller names one
	 * @param rowCount the transaction records read (valid or not)
	 * @param columnOf a wire field → the file's element or columns it was read from
	 */
	public record Account(String provider, String accountId, @Nullable String bankId, @Nullable String branchId,
			@Nullable String account, @Nullable String accountType, @Nullable String currency,
			@Nullable LocalDate periodStart, @Nullable LocalDate periodEnd, @Nullable BigDecimal balance,
			@Nullable LocalDate balanceDate, List<Line> lines, List<Problem> problems, List<Ignored> ignored,
			int rowCount, UnaryOperator<String> columnOf) {
	}

}
