package br.suite.imports.wizard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;

import br.suite.imports.reader.CnabReader;
import br.suite.imports.reader.OfxReader;
import br.suite.imports.reader.StatementRows;
import br.suite.imports.reader.StatementValues;
import br.suite.shared.InvalidRequest;
import br.suite.web.FormErrors;

/**
 * The import wizard's line messages in the pages' words: each English message the readers
 * ({@link StatementValues}, {@link StatementRows}, {@link OfxReader}, {@link CnabReader})
 * and finance's row check write into a prepare's {@code errors} and {@code ignored_rows}
 * has a code here, {@code import.line.<code>} (a line left out:
 * {@code import.ignoredLine.<code>}) in the catalogue, with what the message quotes as
 * its arguments. The wire keeps the English message the spec defines (the prepared import
 * is kept as that JSON between the wizard's steps), so the code is read back from the
 * message's form, as the transaction page reads a suggestion's reasons
 * ({@code finance.ReconciliationViews.Why}); {@code ImportLineWordingTests} has every
 * reader write every form and checks each is read back. A message of no known form shows
 * the catalogue's {@code import.line.other}, never the English. Templates call it as
 * {@code @importLines}.
 */
@Component("importLines")
public class ImportLineWording {

	/** A message's form: its code and the pattern whose groups are the arguments. */
	public record Form(String code, Pattern pattern) {

		static Form of(String code, String regex) {
			return new Form(code, Pattern.compile(regex));
		}

	}

	private static final String GOT = " \\(got \"(.*)\"\\)";

	/** The forms of a line that could not be read, most specific first. */
	public static final List<Form> PROBLEMS = List.of(
			// StatementValues
			Form.of("amount", "is not an amount written like (\\S+)" + GOT),
			Form.of("decimals", "has more than two decimals" + GOT),
			Form.of("negativeCredit", "is negative but marked C \\(credit\\)" + GOT),
			Form.of("invalidDate", "is not a valid date" + GOT),
			Form.of("date", "is not a date written like 31/12/2026 or 2026-12-31" + GOT),
			Form.of("time", "is not a time written like 14:30 or 14:30:15" + GOT),
			Form.of("invalidTime", "is not a valid time" + GOT),
			// StatementRows
			Form.of("required", "is required(?:; one of: .*)?"),
			Form.of("status",
					"is not a status: use Efetivado, Pendente \\(or Agendado\\), Estornado or Cancelado" + GOT),
			Form.of("repeated",
					"repeats the id of line (\\d+) \\(\"(.*)\"\\): a statement lists each transaction once"),
			Form.of("direction", "is not a direction: use C or D, Crédito or Débito, Entrada or Saída" + GOT),
			Form.of("directionConflict", "says (credit|debit) but the amount \\((.*)\\) is a (credit|debit)"),
			Form.of("bothAmounts", "and (.+) are both filled: a line moves money one way"),
			Form.of("zero", "is zero: a transaction moves money"),
			// OfxReader
			Form.of("ofxDate", "is not an OFX date YYYYMMDD\\[HHMMSS\\[\\.XXX]]\\[\\[offset:zone]]" + GOT),
			Form.of("ofxInvalidDate", "is not a valid date or time" + GOT),
			Form.of("ofxAmount", "is not an OFX amount: a sign, no C or D" + GOT),
			Form.of("currency", "is (.+): only transactions in reais \\(BRL\\) are imported"),
			// CnabReader
			Form.of("cnabLength", "is (\\d+) characters long, not (\\d+)"),
			Form.of("cnabShort", "is past the end of the line, which is (\\d+) characters long"),
			Form.of("segmentU", "is missing after this segment T"),
			Form.of("segmentT", "is missing before this segment U"),
			Form.of("zeroSettlement", "is zero for a settlement \\(occurrence (\\S+)\\)"), Form.of("blank", "is blank"),
			Form.of("cnabAmount", "is not an amount of digits with two implied decimals" + GOT),
			Form.of("cnabDate", "is not a date DDMMAAAA or DDMMAA" + GOT),
			// finance's row check (FinanceFields, TaxId, PixEndToEndId)
			Form.of("tooLong", "must be at most (\\d+) characters"),
			Form.of("nul", "must not contain the NUL character"),
			Form.of("decimals2", "must have at most two decimals"), Form.of("positive", "must be greater than 0.*"),
			Form.of("tooLarge", "must be less than .*"), Form.of("oneOf", "must be one of: .*" + GOT),
			Form.of("taxId", "(?s).*\\b(?:CPF|CNPJ)\\b.*"), Form.of("endToEnd", "Pix endToEndId .*"));

	/** The forms of a line left out on purpose. */
	public static final List<Form> IGNORED = List.of(Form.of("balance", "a balance line \\((.*)\\), not a transaction"),
			Form.of("empty", "neither a date nor an amount: not a transaction"),
			Form.of("cnab", "(\\w+): occurrence (\\S+) \\((.*)\\) of nosso número (.*?)(?:, document (.*?))?"
					+ "(?:, reasons (.*?))?: pays nothing, not imported"));

	/**
	 * A confirmation's error about one row: "group 2026-03, row 2 (line 5), amount: …".
	 */
	private static final Pattern ROW_ERROR = Pattern
		.compile("group [^,]+, row (\\d+)(?: \\(line (\\d+)\\))?, (\\w+): (.*)", Pattern.DOTALL);

	/** English words the messages quote, in the catalogue's. */
	private static final Map<String, String> WORDS = Map.of("credit", "import.word.credit", "debit",
			"import.word.debit", "settled", "import.word.settled", "rejected", "import.word.rejected", "write_off",
			"import.word.write_off", "other", "import.word.other", "unknown to this reader", "import.word.unknown",
			"(blank)", "import.word.blank");

	private final MessageSource messages;

	ImportLineWording(MessageSource messages) {
		this.messages = messages;
	}

	/** The code of a line problem's message, or null for none of the known forms. */
	public static @Nullable Read read(List<Form> forms, String message) {
		for (Form form : forms) {
			Matcher m = form.pattern().matcher(message);
			if (m.matches()) {
				List<String> arguments = new ArrayList<>();
				for (int i = 1; i <= m.groupCount(); i++) {
					arguments.add(m.group(i) == null ? "" : m.group(i));
				}
				return new Read(form.code(), arguments);
			}
		}
		return null;
	}

	/** A message read back: its code and what it quotes. */
	public record Read(String code, List<String> arguments) {
	}

	/** A line that could not be read, in Portuguese. */
	public String problem(String message) {
		Read read = read(PROBLEMS, message);
		if (read == null) {
			return text("import.line.other");
		}
		return text("import.line." + read.code(), words(read.arguments()).toArray());
	}

	/** A line left out on purpose, in Portuguese. */
	public String ignored(String reason) {
		Read read = read(IGNORED, reason);
		if (read == null) {
			return text("import.ignoredLine.other");
		}
		List<String> a = words(read.arguments());
		if (read.code().equals("cnab")) {
			// kind, code, what, nosso número, document, reasons
			return text("import.ignoredLine.cnab", a.get(1), a.get(2), a.get(3))
					+ (a.get(4).isEmpty() ? "" : " " + text("import.ignoredLine.document", a.get(4)))
					+ (a.get(5).isEmpty() ? "" : " " + text("import.ignoredLine.reasons", a.get(5)));
		}
		return text("import.ignoredLine." + read.code(), a.toArray());
	}

	/**
	 * An error of a refused confirmation, in Portuguese: a row's by its line and the
	 * field's instruction ({@code invalid.<field>}); anything else (a body the wizard did
	 * not send as prepared) as the catalogue's {@code import.confirmRefused}.
	 */
	public String confirmError(String error) {
		Matcher m = ROW_ERROR.matcher(error);
		if (!m.matches()) {
			return text("import.confirmRefused");
		}
		String line = m.group(2) != null ? m.group(2) : m.group(1);
		return text("import.rowRefused", line, FormErrors.describe(InvalidRequest.of(m.group(3), m.group(4))));
	}

	private List<String> words(List<String> arguments) {
		return arguments.stream().map(a -> {
			String key = WORDS.get(a.toLowerCase(Locale.ROOT));
			return key == null ? a : text(key);
		}).toList();
	}

	private String text(String key, Object... arguments) {
		return this.messages.getMessage(key, arguments, LocaleContextHolder.getLocale());
	}

}
