package br.suite.imports.reader;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.webcohesion.ofx4j.io.OFXHandler;
import com.webcohesion.ofx4j.io.OFXParseException;
import com.webcohesion.ofx4j.io.OFXV2ContentHandler;
import com.webcohesion.ofx4j.io.nanoxml.NanoXMLOFXReader;
import org.jspecify.annotations.Nullable;

import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.imports.reader.StatementValues.Amount;
import br.suite.imports.reader.StatementValues.CellProblem;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;

/**
 * Reads OFX 1.x (SGML, closing tags optional), OFX 2.x (XML) and Banco do Brasil's OFC
 * statements. The markup is split by ofx4j's event reader ({@code NanoXMLOFXReader}: its
 * SGML reader knows elements without closing tags; its XML path is replaced by a SAX
 * parser that refuses DTDs, so no external entity is ever read). The bytes are decoded
 * here ({@link StatementCharsets}: ofx4j would trust the header), amounts stay
 * {@link BigDecimal} and every {@code STMTTRN} becomes a transaction or a listed problem:
 * ofx4j's own object mapping is not used, as it reads amounts as {@code double}, turns
 * dates into instants (losing the date as written) and fails the whole file on one bad
 * record.
 */
public final class OfxReader {

	public static final String OFX = "ofx";

	public static final String OFC = "ofc";

	/**
	 * YYYYMMDD, then optionally HHMM[SS[.XXX]], then optionally [offset:name]: the name
	 * is ignored (banks write [-03:EST]), the offset decides the instant.
	 */
	private static final Pattern DATE_TIME = Pattern
		.compile("(\\d{4})(\\d{2})(\\d{2})" + "(?:(\\d{2})(\\d{2})(?:(\\d{2})(?:[.,](\\d{1,6}))?)?)?"
				+ "\\s*(?:\\[\\s*([+-]?)(\\d{1,2})(?:[.:](\\d{1,2}))?\\s*(?::[^\\]]*)?\\])?");

	/**
	 * A Pix end-to-end id: E (payment) or D (refund), the ISPB, yyyyMMddHHmm and 11
	 * letters or digits.
	 */
	private static final Pattern END_TO_END = Pattern.compile("(?<![A-Za-z0-9])([ED][0-9A-Z]{8}"
			+ "20[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])(?:[01][0-9]|2[0-3])[0-5][0-9][A-Za-z0-9]{11})"
			+ "(?![A-Za-z0-9])");

	private static final Map<String, String> COLUMNS = Map.of("amount", "TRNAMT", "transaction_date", "DTPOSTED",
			"posted_at", "DTPOSTED", "external_id", "FITID", "description", "MEMO", "payer_name", "NAME",
			"bank_reference_id", "CHECKNUM", "end_to_end_id", "MEMO");

	private OfxReader() {
	}

	/** Whether the start of a file (decoded as Latin-1) is OFX or OFC, and which. */
	public static @Nullable String sniff(String head) {
		String upper = head.toUpperCase(Locale.ROOT);
		if (upper.contains("OFXHEADER") || upper.contains("<OFX>") || upper.contains("<OFX ")) {
			return OFX;
		}
		return upper.contains("<OFC>") ? OFC : null;
	}

	public static StatementFile read(byte[] bytes, String format) {
		OfxMarkup markup = OfxMarkup.read(bytes, format);
		List<StatementFile.Account> accounts = new ArrayList<>();
		List<OfxNode> statements = markup.root()
			.all(format.equals(OFC) ? List.of("ACCTSTMT") : List.of("STMTRS", "CCSTMTRS"));
		if (statements.isEmpty() && format.equals(OFC)) {
			// Bradesco's OFC: TRNRS → STMTRS, with no ACCTSTMT and no account at all.
			statements = markup.root().all(List.of("STMTRS"));
		}
		for (OfxNode statement : statements) {
			accounts.add(account(statement, format));
		}
		if (accounts.isEmpty()) {
			throw InvalidRequest.of("file", "não traz extrato de conta nem de cartão ("
					+ (format.equals(OFC) ? "ACCTSTMT ou STMTRS" : "STMTRS ou CCSTMTRS") + "): nada a importar");
		}
		return new StatementFile(format, markup.version(), markup.charset(), markup.charsetReason(),
				markup.declaredCharset(), accounts);
	}

	private static StatementFile.Account account(OfxNode statement, String format) {
		boolean ofc = format.equals(OFC);
		OfxNode from = statement.first(ofc ? List.of("ACCTFROM") : List.of("BANKACCTFROM", "CCACCTFROM", "ACCTFROM"));
		if (from != null && from.first(List.of("ACCOUNT")) != null) {
			from = from.first(List.of("ACCOUNT"));
		}
		OfxNode body = ofc ? statement.first(List.of("STMTRS")) : statement;
		if (body == null) {
			body = statement;
		}
		String bankId = from == null ? null : from.value("BANKID");
		String branchId = from == null ? null : from.value("BRANCHID");
		String acctId = from == null ? null : from.value("ACCTID");
		String acctType = from == null ? null : from.value(from.value("ACCTTYPE") != null ? "ACCTTYPE" : "ACCTTYPE2");
		if (acctType == null && statement.name().equals("CCSTMTRS")) {
			acctType = "CREDITCARD";
		}
		String currency = statement.value("CURDEF");
		if (currency == null && body != statement) {
			currency = body.value("CURDEF");
		}
		String accountName = (nonBlank(bankId) + "-" + nonBlank(branchId) + "-" + nonBlank(acctId))
			.replaceAll("\\s+", "")
			.replaceAll("-+", "-")
			.replaceAll("^-|-$", "");
		if (currency != null && !isBrl(currency)) {
			throw InvalidRequest.of("file",
					"traz um extrato em " + currency.strip()
							+ (accountName.isEmpty() ? "" : " (conta " + accountName + ")")
							+ ": só se importam extratos em reais (BRL)");
		}
		OfxNode list = body.first(List.of("BANKTRANLIST"));
		OfxNode periodHolder = list != null ? list : body;
		LocalDate periodStart = dateOrNull(periodHolder.value("DTSTART"));
		LocalDate periodEnd = dateOrNull(periodHolder.value("DTEND"));
		BigDecimal balance = null;
		LocalDate balanceDate = null;
		OfxNode ledger = body.first(List.of("LEDGERBAL"));
		if (ledger != null) {
			balance = amountOrNull(ledger.value("BALAMT"));
			balanceDate = dateOrNull(ledger.value("DTASOF"));
		}
		else if (body.value("LEDGER") != null) {
			balance = amountOrNull(body.value("LEDGER"));
			balanceDate = periodEnd;
		}
		List<OfxNode> records = body.all(List.of("STMTTRN"));
		List<Problem> problems = new ArrayList<>();
		List<Read> read = new ArrayList<>();
		Map<String, Integer> fitids = new HashMap<>();
		for (OfxNode record : records) {
			Read one = transaction(record, problems);
			if (one != null) {
				read.add(one);
				if (!one.fitid().isEmpty()) {
					fitids.merge(one.fitid(), 1, Integer::sum);
				}
			}
		}
		List<Line> lines = new ArrayList<>(read.size());
		Map<String, Integer> seen = new HashMap<>();
		for (Read one : read) {
			String externalId = one.fitid();
			if (externalId.isEmpty() || fitids.get(externalId) > 1 || externalId.length() > 100) {
				externalId = derivedId(format, accountName, one, seen);
			}
			lines.add(new Line(one.line(), one.date(), one.postedAt(), one.amount().abs(),
					one.amount().signum() < 0 ? StatementValues.DEBIT : StatementValues.CREDIT, "settled", externalId,
					one.description(), one.payerName(), "", one.endToEndId(), one.reference(), "", ""));
		}
		UnaryOperator<String> columnOf = field -> COLUMNS.getOrDefault(field, field.toUpperCase(Locale.ROOT));
		return new StatementFile.Account(format, accountName, blankToNull(bankId), blankToNull(branchId),
				blankToNull(acctId), blankToNull(acctType), currency == null ? null : currency.strip(), periodStart,
				periodEnd, balance, balanceDate, lines, problems, List.<Ignored>of(), records.size(), columnOf);
	}

	/** A transaction record read, before its external id is decided. */
	private record Read(int line, String fitid, LocalDate date, String dateAsWritten, @Nullable Instant postedAt,
			BigDecimal amount, String description, String payerName, String reference, String endToEndId) {
	}

	private static @Nullable Read transaction(OfxNode record, List<Problem> problems) {
		Map<String, String> values = new LinkedHashMap<>(record.elements());
		OfxNode generic = record.first(List.of("GENTRN"));
		if (generic != null) {
			generic.elements().forEach(values::putIfAbsent);
		}
		OfxNode payee = record.first(List.of("PAYEE"));
		if (payee != null && payee.value("NAME") != null) {
			values.putIfAbsent("NAME", payee.value("NAME"));
		}
		int line = record.line();
		int before = problems.size();
		String posted = values.getOrDefault("DTPOSTED", "").strip();
		DateTime dateTime = null;
		if (posted.isEmpty()) {
			problems.add(new Problem(line, "DTPOSTED", "is required"));
		}
		else {
			try {
				dateTime = dateTime(posted);
			}
			catch (CellProblem ex) {
				problems.add(new Problem(line, "DTPOSTED", ex.getMessage()));
			}
		}
		String amountText = values.getOrDefault("TRNAMT", "").strip();
		BigDecimal amount = null;
		if (amountText.isEmpty()) {
			problems.add(new Problem(line, "TRNAMT", "is required"));
		}
		else {
			try {
				amount = amount(amountText);
				if (amount.signum() == 0) {
					problems.add(new Problem(line, "TRNAMT", "is zero: a transaction moves money"));
				}
			}
			catch (CellProblem ex) {
				problems.add(new Problem(line, "TRNAMT", ex.getMessage()));
			}
		}
		for (String holder : List.of("CURRENCY", "ORIGCURRENCY")) {
			OfxNode currency = record.first(List.of(holder));
			String symbol = currency == null ? values.get(holder) : currency.value("CURSYM");
			if (symbol != null && !symbol.isBlank() && !isBrl(symbol)) {
				problems.add(new Problem(line, holder,
						"is " + symbol.strip() + ": only transactions in reais (BRL) are imported"));
			}
		}
		if (problems.size() > before || dateTime == null || amount == null) {
			return null;
		}
		String name = values.getOrDefault("NAME", "").strip();
		String memo = values.getOrDefault("MEMO", "").strip();
		String description = memo.isEmpty() ? name
				: name.isEmpty() || memo.toUpperCase(Locale.ROOT).contains(name.toUpperCase(Locale.ROOT)) ? memo
						: name + " - " + memo;
		String reference = values.getOrDefault("CHECKNUM", values.getOrDefault("CHKNUM", "")).strip();
		if (reference.isEmpty()) {
			reference = values.getOrDefault("REFNUM", "").strip();
		}
		Matcher e2e = END_TO_END.matcher(memo + " " + name);
		String endToEndId = e2e.find() ? e2e.group(1) : "";
		return new Read(line, values.getOrDefault("FITID", "").strip(), dateTime.date(), posted, dateTime.instant(),
				amount.setScale(2, RoundingMode.UNNECESSARY), description, name, reference, endToEndId);
	}

	/**
	 * The id of a record without a usable FITID (blank, repeated in the file, or longer
	 * than 100): {@code ofx-} and 32 hex digits of the SHA-256 of the account, the FITID,
	 * the date as written, the signed amount, the description, and how many identical
	 * records came before it. Re-reading the same file gives the same ids.
	 */
	private static String derivedId(String format, String account, Read read, Map<String, Integer> seen) {
		String content = String.join("\u001f", account, read.fitid(), read.dateAsWritten(),
				read.amount().toPlainString(), read.description());
		int occurrence = seen.merge(content, 1, Integer::sum);
		return format + "-" + Sha256.hex(content + "\u001f" + occurrence).substring(0, 32);
	}

	/** A date as written and, when the value has a time, the instant its offset says. */
	public record DateTime(LocalDate date, @Nullable Instant instant) {
	}

	public static DateTime dateTime(String text) {
		Matcher m = DATE_TIME.matcher(text.strip());
		if (!m.matches()) {
			throw new CellProblem("is not an OFX date YYYYMMDD[HHMMSS[.XXX]][[offset:zone]] (got \"" + text + "\")");
		}
		try {
			LocalDate date = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
					Integer.parseInt(m.group(3)));
			if (m.group(4) == null) {
				return new DateTime(date, null);
			}
			int nanos = m.group(7) == null ? 0 : Integer.parseInt((m.group(7) + "000000000").substring(0, 9));
			LocalDateTime local = date.atTime(Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
					m.group(6) == null ? 0 : Integer.parseInt(m.group(6)), nanos);
			if (m.group(9) == null) {
				// No offset: Brazilian banks write their local time.
				return new DateTime(date, local.atZone(DateTimes.BRAZIL).toInstant());
			}
			int hours = Integer.parseInt(m.group(9));
			int minutes = 0;
			if (m.group(10) != null) {
				minutes = m.group(10).length() == 1 ? Integer.parseInt(m.group(10)) * 6 : Integer.parseInt(m.group(10));
			}
			int sign = "-".equals(m.group(8)) ? -1 : 1;
			ZoneOffset offset = ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
			return new DateTime(date, local.toInstant(offset));
		}
		catch (DateTimeException ex) {
			throw new CellProblem("is not a valid date or time (got \"" + text + "\")");
		}
	}

	/**
	 * An OFX amount: a point decimal, or a comma (1234,56 and 1.234,56 are common in
	 * Brazilian files): the last separator is the decimal one.
	 */
	public static BigDecimal amount(String text) {
		int comma = text.lastIndexOf(',');
		int point = text.lastIndexOf('.');
		Decimal decimal = comma > point ? Decimal.COMMA : Decimal.POINT;
		if (comma >= 0 && point < 0 && text.indexOf(',') != comma) {
			decimal = Decimal.POINT;
		}
		Amount amount = StatementValues.amount(text, decimal);
		if (amount.marker() != null) {
			throw new CellProblem("is not an OFX amount: a sign, no C or D (got \"" + text + "\")");
		}
		return amount.value();
	}

	private static @Nullable BigDecimal amountOrNull(@Nullable String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return amount(text.strip()).setScale(2, RoundingMode.HALF_EVEN);
		}
		catch (CellProblem ex) {
			return null;
		}
	}

	private static @Nullable LocalDate dateOrNull(@Nullable String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return dateTime(text).date();
		}
		catch (CellProblem ex) {
			return null;
		}
	}

	private static boolean isBrl(String currency) {
		String code = currency.strip().toUpperCase(Locale.ROOT);
		return code.equals("BRL") || code.equals("986") || code.equals("R$");
	}

	private static String nonBlank(@Nullable String value) {
		return value == null ? "" : value.strip();
	}

	private static @Nullable String blankToNull(@Nullable String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

}
