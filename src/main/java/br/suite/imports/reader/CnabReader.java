package br.suite.imports.reader;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import br.suite.finance.NossoNumeros;
import br.suite.imports.reader.CnabLayouts.Bank;
import br.suite.imports.reader.CnabLayouts.Field;
import br.suite.imports.reader.CnabLayouts.Kind;
import br.suite.imports.reader.CnabLayouts.Layout240;
import br.suite.imports.reader.CnabLayouts.Layout400;
import br.suite.imports.reader.CnabLayouts.NossoNumero;
import br.suite.imports.reader.CnabLayouts.Occurrence;
import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.shared.documents.Digits;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import br.suite.shared.documents.TaxId;

/**
 * Reads CNAB 240 (segments T and U) and CNAB 400 return files of boleto collection
 * (arquivo retorno de cobrança). No maintained Java library reads them: the known ones
 * are unmaintained (jrimum's bopepo/texgit, last released in 2012, generate boletos and
 * need a hand-written layout file per bank for returns), so this small reader does,
 * driven by the per-bank tables of {@link CnabLayouts}.
 * <p>
 * Every settled title becomes a credit of the collection account (provider
 * {@code cnab_<bank>}, account = the agreement): the amount the payer paid (gross: what
 * settles the charge), on the credit date, with {@code bank_reference_id} = the nosso
 * número in its normalised form ({@link NossoNumeros}, the form charges store), and its
 * fee a debit of its own, so the account's balance is what the bank credited. Rejections,
 * write-offs and other occurrences are listed in {@code ignored}, not imported.
 * <p>
 * Lines may come shorter than the layout (trailing blanks trimmed by an editor, an FTP
 * transfer or the bank): each is read as if padded with blanks to 240 or 400, and a field
 * a settled title needs that lies past the line's end is an error of that line.
 */
public final class CnabReader {

	public static final String CNAB240 = "cnab240";

	public static final String CNAB400 = "cnab400";

	private CnabReader() {
	}

	/**
	 * Whether the first line is a CNAB return file header, and which layout: by the
	 * header's fixed fields, not its length (trailing blanks may be trimmed). 240: the
	 * bank code at 1-3, lote {@code 0000} at 4-7 and record type {@code 0} at 8; 400:
	 * {@code 0}, then {@code 2} (retorno) or {@code 1} (remessa) and its word.
	 */
	public static @Nullable String sniff(String firstLine) {
		String line = stripEnd(firstLine);
		if (line.length() >= 8 && line.length() <= 240 && isDigits(line.substring(0, 3))
				&& line.startsWith("00000", 3)) {
			return CNAB240;
		}
		if (line.length() <= 400 && (line.startsWith("02RETORNO") || line.startsWith("01REMESSA"))) {
			return CNAB400;
		}
		return null;
	}

	public static StatementFile read(byte[] bytes, String format) {
		StatementCharsets.Decoded decoded = StatementCharsets.decode(bytes, null, null);
		String[] lines = decoded.text().split("\r\n|\r|\n", -1);
		boolean is240 = format.equals(CNAB240);
		int width = is240 ? 240 : 400;
		String header = pad(lines[0], width);
		String code = (is240 ? CnabLayouts.CODE_240 : CnabLayouts.CODE_400).of(header);
		if (is240 ? CnabLayouts.FILE_KIND_240.of(header).equals("1") : header.startsWith("01REMESSA")) {
			throw InvalidRequest.of("file",
					"é um arquivo de remessa CNAB (enviado ao banco), não um arquivo de retorno: envie o retorno");
		}
		Bank bank = CnabLayouts.bank(code);
		if (bank == null) {
			throw InvalidRequest.of("file", "é um retorno CNAB " + (is240 ? "240" : "400") + " do banco " + code
					+ ", que não é lido; bancos lidos: "
					+ String.join(", ", CnabLayouts.BANKS.stream().map(b -> b.code() + " " + b.name()).toList()));
		}
		Reading reading = new Reading(bank, is240);
		String agreement = reading.agreement(header);
		String version = is240 ? blankToNull(CnabLayouts.LAYOUT_240.of(header).strip()) : null;
		for (int i = 1; i < lines.length; i++) {
			String written = lines[i];
			if (written.isBlank()) {
				continue;
			}
			int number = i + 1;
			if (written.length() > width) {
				reading.problems
					.add(new Problem(number, "line", "is " + written.length() + " characters long, not " + width));
				continue;
			}
			reading.length = written.length();
			String line = pad(written, width);
			if (is240) {
				reading.line240(number, line, agreement);
			}
			else {
				reading.line400(number, line, agreement);
			}
		}
		reading.finish();
		UnaryOperator<String> columnOf = field -> switch (field) {
			case "amount" -> "valor pago";
			case "transaction_date" -> "data do crédito";
			case "bank_reference_id" -> "nosso número";
			case "payer_document" -> "inscrição do pagador";
			case "payer_name" -> "nome do pagador";
			default -> field;
		};
		StatementFile.Account account = new StatementFile.Account("cnab_" + bank.slug(), agreement, bank.code(), null,
				agreement, "collection", "BRL", reading.first, reading.last, null, null, reading.lines,
				reading.problems, reading.ignored, reading.records, columnOf);
		return new StatementFile(format, version, decoded.charset(), decoded.reason(), null, List.of(account));
	}

	/** One pass over the records of a file. */
	private static final class Reading {

		private final Bank bank;

		private final boolean is240;

		final List<Line> lines = new ArrayList<>();

		final List<Problem> problems = new ArrayList<>();

		final List<Ignored> ignored = new ArrayList<>();

		int records;

		@Nullable LocalDate first;

		@Nullable LocalDate last;

		private @Nullable String pendingT;

		private int pendingTLine;

		private int pendingTLength;

		/** How long the line being read was as written (before padding). */
		int length;

		Reading(Bank bank, boolean is240) {
			this.bank = bank;
			this.is240 = is240;
		}

		String agreement(String header) {
			Field field = this.is240 ? this.bank.layout240().agreement() : this.bank.layout400().agreement();
			String agreement = Digits.withoutLeadingZeros(Digits.of(field.of(header)));
			if (agreement.isEmpty() && this.is240) {
				agreement = Digits.withoutLeadingZeros(Digits.of(CnabLayouts.AGREEMENT_FALLBACK_240.of(header)));
			}
			return agreement;
		}

		void line240(int number, String line, String agreement) {
			char type = line.charAt(7);
			if (type != '3') {
				return;
			}
			char segment = line.charAt(13);
			if (segment == 'T') {
				if (this.pendingT != null) {
					this.problems.add(new Problem(this.pendingTLine, "segmento U", "is missing after this segment T"));
				}
				this.pendingT = line;
				this.pendingTLine = number;
				this.pendingTLength = this.length;
				this.records++;
			}
			else if (segment == 'U') {
				if (this.pendingT == null) {
					this.problems.add(new Problem(number, "segmento T", "is missing before this segment U"));
					return;
				}
				title240(this.pendingTLine, this.pendingT, this.pendingTLength, line, agreement);
				this.pendingT = null;
			}
		}

		private void title240(int number, String t, int tLength, String u, String agreement) {
			Layout240 layout = this.bank.layout240();
			String code = CnabLayouts.MOVEMENT_240.of(t);
			Occurrence occurrence = this.bank.occurrences240().get(code);
			String nosso = nossoNumero(layout.nossoNumero(), t);
			String document = layout.documentNumber().of(t).strip();
			if (occurrence == null || occurrence.kind() != Kind.SETTLED) {
				listed(number, code, occurrence, nosso, document, layout.reasons().of(t));
				return;
			}
			int before = this.problems.size();
			int uLength = this.length;
			BigDecimal paid = reach(number, uLength, CnabLayouts.U_PAID, "valor pago (segmento U)")
					? amount(number, u, CnabLayouts.U_PAID, "valor pago") : null;
			BigDecimal fee = amount(number, t, layout.fee(), "tarifa");
			LocalDate occurred = reach(number, uLength, CnabLayouts.U_OCCURRED, "data da ocorrência (segmento U)")
					? date(number, u, CnabLayouts.U_OCCURRED, "data da ocorrência", true) : null;
			LocalDate credited = date(number, u, CnabLayouts.U_CREDITED, "data do crédito", false);
			if (nosso.isEmpty() && tLength < layout.nossoNumero().field().end()) {
				reach(number, tLength, layout.nossoNumero().field(), "nosso número");
			}
			if (this.problems.size() > before || paid == null || occurred == null) {
				return;
			}
			String payerDocument = payerDocument(layout.payerType().of(t), layout.payerDocument().of(t));
			settled(number, code, occurrence, nosso, document, paid, fee, credited != null ? credited : occurred,
					occurred, layout.payerName().of(t).strip(), payerDocument);
		}

		void line400(int number, String line, String agreement) {
			Layout400 layout = this.bank.layout400();
			if (line.charAt(0) != layout.detailType()) {
				return;
			}
			this.records++;
			String code = layout.occurrence().of(line);
			Occurrence occurrence = this.bank.occurrences400().get(code);
			String nosso = nossoNumero(layout.nossoNumero(), line);
			String document = layout.documentNumber().of(line).strip();
			if (occurrence == null || occurrence.kind() != Kind.SETTLED) {
				listed(number, code, occurrence, nosso, document, layout.reasons().of(line));
				return;
			}
			int before = this.problems.size();
			BigDecimal paid = reach(number, this.length, layout.paid(), "valor pago")
					? amount(number, line, layout.paid(), "valor pago") : null;
			BigDecimal fee = amount(number, line, layout.fee(), "tarifa");
			LocalDate occurred = date(number, line, layout.occurrenceDate(), "data da ocorrência", true);
			LocalDate credited = date(number, line, layout.creditDate(), "data do crédito", false);
			if (this.problems.size() > before || paid == null || occurred == null) {
				return;
			}
			if (layout.paidIs() == CnabLayouts.Paid.NET && fee != null) {
				// What was credited after the fee: the payer paid both.
				paid = paid.add(fee);
			}
			String payerName = layout.payerName() == null ? "" : layout.payerName().of(line).strip();
			settled(number, code, occurrence, nosso, document, paid, fee, credited != null ? credited : occurred,
					occurred, payerName, "");
		}

		private void listed(int number, String code, @Nullable Occurrence occurrence, String nosso, String document,
				String reasons) {
			String what = occurrence == null ? "unknown to this reader" : occurrence.label();
			String kind = occurrence == null ? "other" : occurrence.kind().name().toLowerCase(Locale.ROOT);
			String motive = reasons.strip().replaceAll("^0+$", "");
			this.ignored.add(new Ignored(number, kind + ": occurrence " + code + " (" + what + ") of nosso número "
					+ (nosso.isEmpty() ? "(blank)" : nosso) + (document.isEmpty() ? "" : ", document " + document)
					+ (motive.isEmpty() ? "" : ", reasons " + motive) + ": pays nothing, not imported"));
		}

		private void settled(int number, String code, Occurrence occurrence, String nosso, String document,
				BigDecimal paid, @Nullable BigDecimal fee, LocalDate credited, LocalDate occurred, String payerName,
				String payerDocument) {
			if (paid.signum() == 0) {
				this.problems
					.add(new Problem(number, "valor pago", "is zero for a settlement (occurrence " + code + ")"));
				return;
			}
			if (nosso.isEmpty()) {
				this.problems.add(new Problem(number, "nosso número", "is blank"));
				return;
			}
			String description = "Boleto " + nosso + " " + occurrence.label()
					+ (document.isEmpty() ? "" : " (documento " + document + ")")
					+ (fee == null || fee.signum() == 0 ? "" : "; tarifa " + Money.format(fee));
			String externalId = "cnab-" + nosso + "-" + code + "-" + occurred;
			this.lines.add(new Line(number, credited, null, paid, StatementValues.CREDIT, "settled", externalId,
					description, payerName, payerDocument, "", nosso, "", ""));
			if (fee != null && fee.signum() > 0) {
				// The bank keeps its fee: a debit of its own, so the collection account's
				// balance is what was credited while the title's credit settles the
				// charge.
				this.lines.add(new Line(number, credited, null, fee, StatementValues.DEBIT, "settled",
						externalId + "-tarifa", "Tarifa do boleto " + nosso, "", "", "", "", "", ""));
			}
			this.first = this.first == null || credited.isBefore(this.first) ? credited : this.first;
			this.last = this.last == null || credited.isAfter(this.last) ? credited : this.last;
		}

		void finish() {
			if (this.pendingT != null) {
				this.problems.add(new Problem(this.pendingTLine, "segmento U", "is missing after this segment T"));
			}
			this.problems.sort((a, b) -> Integer.compare(a.line(), b.line()));
		}

		/**
		 * Whether a field a settled title needs lies within the line as written; if not,
		 * an error of the line (it was cut before the field).
		 */
		private boolean reach(int number, int length, Field field, String name) {
			if (length >= field.end()) {
				return true;
			}
			this.problems.add(new Problem(number, name + " (" + field + ")",
					"is past the end of the line, which is " + length + " characters long"));
			return false;
		}

		private @Nullable BigDecimal amount(int number, String line, Field field, String name) {
			String text = field.of(line).strip();
			if (text.isEmpty()) {
				return BigDecimal.ZERO.setScale(2);
			}
			if (!isDigits(text)) {
				this.problems.add(new Problem(number, name + " (" + field + ")",
						"is not an amount of digits with two implied decimals (got \"" + text + "\")"));
				return null;
			}
			return new BigDecimal(text).movePointLeft(2).setScale(2);
		}

		private @Nullable LocalDate date(int number, String line, Field field, String name, boolean required) {
			String text = field.of(line).strip();
			if (text.isEmpty() || text.chars().allMatch(c -> c == '0')) {
				if (required) {
					this.problems.add(new Problem(number, name + " (" + field + ")", "is required"));
				}
				return null;
			}
			try {
				if (isDigits(text) && text.length() == 8) {
					return LocalDate.of(Integer.parseInt(text.substring(4)), Integer.parseInt(text.substring(2, 4)),
							Integer.parseInt(text.substring(0, 2)));
				}
				if (isDigits(text) && text.length() == 6) {
					return LocalDate.of(2000 + Integer.parseInt(text.substring(4)),
							Integer.parseInt(text.substring(2, 4)), Integer.parseInt(text.substring(0, 2)));
				}
			}
			catch (DateTimeException ex) {
				// reported below
			}
			this.problems.add(new Problem(number, name + " (" + field + ")",
					"is not a date DDMMAAAA or DDMMAA (got \"" + text + "\")"));
			return null;
		}

	}

	/** The nosso número as charges store it ({@link NossoNumeros#ofFile}). */
	static String nossoNumero(NossoNumero rule, String line) {
		return NossoNumeros.ofFile(rule.field().of(line), rule.checkDigit());
	}

	private static String payerDocument(String type, String number) {
		String digits = Digits.of(number);
		if (Digits.withoutLeadingZeros(digits).isEmpty()) {
			return "";
		}
		String document = type.equals("1") && digits.length() >= 11 ? digits.substring(digits.length() - 11)
				: digits.length() >= 14 ? digits.substring(digits.length() - 14) : digits;
		return TaxId.isValid(document) ? document : "";
	}

	private static boolean isDigits(String text) {
		return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
	}

	private static String stripEnd(String line) {
		return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
	}

	/** The line with the blanks its writer trimmed put back, up to the layout's width. */
	private static String pad(String line, int width) {
		return line.length() >= width ? line : line + " ".repeat(width - line.length());
	}

	private static @Nullable String blankToNull(String value) {
		return value.isBlank() ? null : value;
	}

}
