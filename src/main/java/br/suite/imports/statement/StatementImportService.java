package br.suite.imports.statement;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.imports.csv.CsvImportFormat;
import br.suite.imports.csv.CsvImportPreparation;
import br.suite.imports.csv.CsvImportRow;
import br.suite.imports.csv.CsvImportService;
import br.suite.imports.csv.CsvImportService.PrepareOptions;
import br.suite.imports.csv.CsvImportService.Prepared;
import br.suite.imports.csv.CsvImportService.Upload;
import br.suite.imports.reader.CnabReader;
import br.suite.imports.reader.OfxReader;
import br.suite.imports.reader.StatementFile;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;

/**
 * Prepares a statement file of any format it recognises from the content (CSV, OFX 1.x
 * and 2.x, OFC, CNAB 240 and 400 return files): one prepared import per account, each the
 * body op 7 confirms unchanged. Writes nothing.
 */
@Service
public class StatementImportService {

	private final CsvImportService imports;

	private final TransactionImports finance;

	StatementImportService(CsvImportService imports, TransactionImports finance) {
		this.imports = imports;
		this.finance = finance;
	}

	/**
	 * What the caller chose: null provider and account mean the file's own (CSV:
	 * {@code csv} and {@code ""}).
	 */
	public record Options(@Nullable String provider, @Nullable String accountId, PrepareOptions csv) {
	}

	/** The formats told apart by content. */
	public static String detect(byte[] content) {
		String head = new String(content, 0, Math.min(content.length, 4096), StandardCharsets.ISO_8859_1);
		String ofx = OfxReader.sniff(head);
		if (ofx != null) {
			return ofx;
		}
		int end = 0;
		while (end < head.length() && head.charAt(end) != '\n' && head.charAt(end) != '\r') {
			end++;
		}
		String cnab = CnabReader.sniff(head.substring(0, end));
		return cnab != null ? cnab : "csv";
	}

	public StatementImportPreparation prepare(Upload upload, Options options) {
		CsvImportService.checkSize(upload);
		String format = detect(upload.content());
		if (format.equals("csv")) {
			return new StatementImportPreparation(List.of(csv(upload, options)));
		}
		return prepare(upload, options, read(upload.content(), format));
	}

	/** An OFX, OFC or CNAB file read ({@link #detect} said which). */
	public static StatementFile read(byte[] content, String format) {
		return switch (format) {
			case OfxReader.OFX, OfxReader.OFC -> OfxReader.read(content, format);
			case CnabReader.CNAB240, CnabReader.CNAB400 -> CnabReader.read(content, format);
			default -> throw new IllegalStateException("format " + format);
		};
	}

	/** The prepared imports of a file already read. */
	public StatementImportPreparation prepare(Upload upload, Options options, StatementFile file) {
		if (options.accountId() != null && file.accounts().size() > 1) {
			throw InvalidRequest.of("account_id", "cannot be given for a file of " + file.accounts().size()
					+ " accounts: each goes to its own (edit import_metadata.account_id of each statement instead)");
		}
		List<StatementPreparation> statements = new ArrayList<>();
		for (StatementFile.Account read : file.accounts()) {
			if (options.accountId() == null && read.accountId().isBlank()) {
				throw InvalidRequest.of("account_id", "é obrigatório para este arquivo: ele não diz de que conta é "
						+ "(o OFC do Bradesco não traz a conta); informe account_id");
			}
			Account account = this.finance.account(options.provider() != null ? options.provider() : read.provider(),
					options.accountId() != null ? options.accountId() : read.accountId());
			Prepared p = this.imports.prepared(account, upload, read.lines(), read.problems(), read.ignored(),
					read.columnOf(), read.rowCount());
			StatementFormat.StatementBalance balance = read.balance() == null ? null
					: new StatementFormat.StatementBalance(Money.format(read.balance()), text(read.balanceDate()));
			statements.add(new StatementPreparation(p.groups(), p.metadata(), p.deletePeriod(), true, p.preview(),
					p.errors(), p.ignored(),
					new StatementFormat(file.format(), file.version(), file.charset(), file.charsetReason(),
							file.declaredCharset(), read.bankId(), read.branchId(), read.account(), read.accountType(),
							read.currency(), text(read.periodStart()), text(read.periodEnd()), balance,
							opening(read, p.groups()), null)));
		}
		return new StatementImportPreparation(statements);
	}

	private StatementPreparation csv(Upload upload, Options options) {
		PrepareOptions csv = options.csv();
		CsvImportPreparation prepared = this.imports.prepare(upload,
				new PrepareOptions(options.provider() != null ? options.provider() : "csv",
						options.accountId() != null ? options.accountId() : "", csv.encoding(), csv.delimiter(),
						csv.decimal(), csv.columns()));
		CsvImportFormat read = prepared.format();
		String reason = csv.encoding() != null ? "chosen with the encoding option" : switch (read.encoding()) {
			case "utf-8" -> "the bytes are valid UTF-8 (or start with its byte order mark)";
			case "utf-16" -> "starts with a UTF-16 byte order mark";
			case "iso-8859-1" -> "the bytes are not valid UTF-8 and hold bytes Windows-1252 leaves undefined";
			default -> "the bytes are not valid UTF-8: read as Windows-1252, what Excel and Brazilian banks write";
		};
		return new StatementPreparation(prepared.groups(), prepared.importMetadata(), prepared.deletePeriod(),
				prepared.generateLogs(), prepared.preview(), prepared.errors(), prepared.ignoredRows(),
				new StatementFormat("csv", null, read.encoding(), reason, null, null, null, null, null, null, null,
						null, null, null, read));
	}

	/**
	 * The opening balance the statement offers for a new bank account, from the rows that
	 * will be imported (settled ones: what the cash flow counts).
	 */
	private static StatementFormat.@Nullable StatementBalance opening(StatementFile.Account read,
			Map<String, List<CsvImportRow>> groups) {
		List<OpeningBalances.Movement> movements = new ArrayList<>();
		for (List<CsvImportRow> rows : groups.values()) {
			for (CsvImportRow row : rows) {
				if (row.transactionDate() != null && row.amount() != null && "settled".equals(row.status())) {
					BigDecimal amount = new BigDecimal(row.amount());
					movements.add(new OpeningBalances.Movement(LocalDate.parse(row.transactionDate()),
							"debit".equals(row.direction()) ? amount.negate() : amount));
				}
			}
		}
		OpeningBalances.Offer offer = OpeningBalances.offer(read.balance(), read.balanceDate(), read.periodStart(),
				movements);
		return offer == null ? null
				: new StatementFormat.StatementBalance(Money.format(offer.amount()), offer.date().toString());
	}

	private static @Nullable String text(@Nullable LocalDate date) {
		return date == null ? null : date.toString();
	}

}
