package br.suite.imports;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.imports.reader.OfxReader;
import br.suite.imports.reader.StatementFile;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.shared.InvalidRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class OfxReaderTests {

	@Test
	void readsSgmlWithoutClosingTagsZonesCommasAndAPixIdInTheMemo() {
		StatementFile file = OfxReader.read(OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252), "ofx");
		assertThat(file.format()).isEqualTo("ofx");
		assertThat(file.version()).isEqualTo("102");
		assertThat(file.accounts()).hasSize(1);
		StatementFile.Account account = file.accounts().get(0);
		assertThat(account.provider()).isEqualTo("ofx");
		assertThat(account.accountId()).isEqualTo("0341-1234-56789-0");
		assertThat(account.bankId()).isEqualTo("0341");
		assertThat(account.branchId()).isEqualTo("1234");
		assertThat(account.account()).isEqualTo("56789-0");
		assertThat(account.accountType()).isEqualTo("CHECKING");
		assertThat(account.currency()).isEqualTo("BRL");
		assertThat(account.periodStart()).isEqualTo(LocalDate.of(2026, 3, 1));
		assertThat(account.periodEnd()).isEqualTo(LocalDate.of(2026, 3, 31));
		assertThat(account.balance()).isEqualTo(new BigDecimal("23254.66"));
		assertThat(account.balanceDate()).isEqualTo(LocalDate.of(2026, 3, 31));
		assertThat(account.problems()).isEmpty();
		assertThat(account.rowCount()).isEqualTo(4);
		List<Line> lines = account.lines();
		assertThat(lines).extracting(Line::number, Line::externalId, Line::direction, Line::amount)
			.containsExactly(tuple(40, "20260302001", "credit", new BigDecimal("1234.56")),
					tuple(49, "20260303002", "debit", new BigDecimal("389.90")),
					tuple(58, "20260305003", "debit", new BigDecimal("45.00")),
					tuple(66, "20260310004", "credit", new BigDecimal("12500.00")));
		Line pix = lines.get(0);
		// 10:00 at -03:00 (the name EST lies: the offset wins).
		assertThat(pix.date()).isEqualTo(LocalDate.of(2026, 3, 2));
		assertThat(pix.postedAt()).isEqualTo(Instant.parse("2026-03-02T13:00:00Z"));
		assertThat(pix.description()).isEqualTo("PIX RECEBIDO JOSÉ DA CONCEIÇÃO E60746948202603021000abcdefghijk");
		assertThat(pix.payerName()).isEqualTo("PIX RECEBIDO");
		assertThat(pix.bankReferenceId()).isEqualTo("000123");
		assertThat(pix.endToEndId()).isEqualTo("E60746948202603021000abcdefghijk");
		assertThat(pix.status()).isEqualTo("settled");
		assertThat(lines.get(1).postedAt()).as("a date without a time says no instant").isNull();
		assertThat(lines.get(1).description()).isEqualTo("PAGTO BOLETO ENERGIA ELÉTRICA");
		assertThat(lines.get(2).postedAt()).isEqualTo(Instant.parse("2026-03-05T03:00:00Z"));
		assertThat(lines.get(3).postedAt()).isEqualTo(Instant.parse("2026-03-10T18:30:00Z"));
		assertThat(lines.get(3).description()).as("NAME and MEMO, when the memo does not repeat the name")
			.isEqualTo("TED RECEBIDA - TED CONSTRUÇÃO & REFORMA LTDA");
		assertThat(lines.get(3).bankReferenceId()).isEmpty();
	}

	@Test
	void decidesTheCharsetFromTheBytesNotTheHeader() {
		StatementFile latin1InUsAscii = OfxReader.read(OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252), "ofx");
		assertThat(latin1InUsAscii.charset()).isEqualTo("windows-1252");
		assertThat(latin1InUsAscii.declaredCharset()).isEqualTo("ENCODING:USASCII CHARSET:1252");
		assertThat(latin1InUsAscii.charsetReason()).contains("not valid UTF-8");

		StatementFile latin1SayingAscii = OfxReader.read(OfxFiles.itau("USASCII", "NONE", OfxFiles.WINDOWS_1252),
				"ofx");
		assertThat(latin1SayingAscii.charset()).isEqualTo("windows-1252");
		assertThat(latin1SayingAscii.charsetReason()).contains("although the file declares ENCODING:USASCII");
		assertThat(latin1SayingAscii.accounts().get(0).lines().get(0).description()).contains("JOSÉ DA CONCEIÇÃO");

		StatementFile utf8In1252 = OfxReader.read(OfxFiles.itau("USASCII", "1252", StandardCharsets.UTF_8), "ofx");
		assertThat(utf8In1252.charset()).isEqualTo("utf-8");
		assertThat(utf8In1252.charsetReason()).contains("valid UTF-8, although the file declares");
		assertThat(utf8In1252.accounts().get(0).lines().get(0).description()).contains("JOSÉ DA CONCEIÇÃO");

		StatementFile latin1 = OfxReader.read(OfxFiles.itau("USASCII", "ISO-8859-1", StandardCharsets.ISO_8859_1),
				"ofx");
		assertThat(latin1.charset()).isEqualTo("iso-8859-1");
		assertThat(latin1.accounts().get(0).lines().get(1).description()).isEqualTo("PAGTO BOLETO ENERGIA ELÉTRICA");

		StatementFile ascii = OfxReader.read(OfxFiles.twoAccounts(), "ofx");
		assertThat(ascii.charset()).isEqualTo("us-ascii");
	}

	@Test
	void blankAndRepeatedFitidsGetStableDerivedIds() {
		StatementFile.Account account = OfxReader.read(OfxFiles.blankAndRepeatedFitids(), "ofx").accounts().get(0);
		assertThat(account.problems()).isEmpty();
		List<String> ids = account.lines().stream().map(Line::externalId).toList();
		assertThat(ids).hasSize(5).doesNotHaveDuplicates();
		assertThat(ids.subList(0, 4)).allMatch(id -> id.matches("ofx-[0-9a-f]{32}"));
		assertThat(ids.get(4)).isEqualTo("UNICO-1");
		assertThat(OfxReader.read(OfxFiles.blankAndRepeatedFitids(), "ofx").accounts().get(0).lines())
			.extracting(Line::externalId)
			.as("the same file gives the same ids")
			.containsExactlyElementsOf(ids);
		assertThat(account.lines().get(2).bankReferenceId()).isEqualTo("000777");
	}

	@Test
	void twoAccountsAreTwoStatements() {
		StatementFile file = OfxReader.read(OfxFiles.twoAccounts(), "ofx");
		assertThat(file.accounts()).extracting(StatementFile.Account::accountId, a -> a.lines().size())
			.containsExactly(tuple("237-1111-22222-3", 2), tuple("237-1111-33333-4", 1));
		assertThat(file.accounts().get(1).balance()).isEqualTo(new BigDecimal("300.00"));
	}

	@Test
	void aBalanceOnlyFileHasABalanceAndNoTransactions() {
		StatementFile.Account account = OfxReader.read(OfxFiles.balanceOnly(), "ofx").accounts().get(0);
		assertThat(account.lines()).isEmpty();
		assertThat(account.problems()).isEmpty();
		assertThat(account.rowCount()).isZero();
		assertThat(account.balance()).isEqualTo(new BigDecimal("-1520.33"));
		assertThat(account.accountId()).isEqualTo("001-4321-0-98765-4");
	}

	@Test
	void unreadableRecordsAreListedWithTheirLineAndElement() {
		StatementFile.Account account = OfxReader.read(OfxFiles.unreadableRecords(), "ofx").accounts().get(0);
		assertThat(account.lines()).extracting(Line::externalId).containsExactly("S1");
		assertThat(account.problems()).extracting(Problem::line, Problem::column)
			.containsExactly(tuple(46, "TRNAMT"), tuple(54, "DTPOSTED"));
		assertThat(account.problems().get(0).message()).contains("dez reais");
		assertThat(account.rowCount()).isEqualTo(3);
	}

	@Test
	void aCurrencyOtherThanRealsIsRefusedNamingIt() {
		assertThatThrownBy(() -> OfxReader.read(OfxFiles.dollars(), "ofx")).isInstanceOf(InvalidRequest.class)
			.hasMessageContaining("USD");
	}

	@Test
	void readsOfx2XmlWithEmptyElementsAndACreditCardStatement() {
		StatementFile file = OfxReader.read(OfxFiles.xml(), "ofx");
		assertThat(file.version()).isEqualTo("211");
		assertThat(file.charset()).isEqualTo("utf-8");
		assertThat(file.charsetReason()).contains("as the file declares");
		assertThat(file.accounts()).hasSize(2);
		StatementFile.Account checking = file.accounts().get(0);
		assertThat(checking.problems()).isEmpty();
		assertThat(checking.lines()).hasSize(2);
		Line pix = checking.lines().get(0);
		assertThat(pix.date()).isEqualTo(LocalDate.of(2026, 3, 1));
		assertThat(pix.postedAt()).isEqualTo(Instant.parse("2026-03-01T04:30:00Z"));
		assertThat(pix.endToEndId()).isEqualTo("E18236120202603010430s012345678A");
		assertThat(checking.lines().get(1).bankReferenceId()).isEqualTo("REF-9");
		assertThat(checking.lines().get(1).payerName()).isEmpty();
		StatementFile.Account card = file.accounts().get(1);
		assertThat(card.accountId()).isEqualTo("5555");
		assertThat(card.accountType()).isEqualTo("CREDITCARD");
		assertThat(card.lines()).extracting(Line::externalId, Line::direction).containsExactly(tuple("cc-1", "debit"));
	}

	@Test
	void readsBancoDoBrasilsOfc() {
		StatementFile file = OfxReader.read(OfxFiles.ofc(), "ofc");
		assertThat(file.format()).isEqualTo("ofc");
		assertThat(file.charset()).isEqualTo("windows-1252");
		assertThat(file.declaredCharset()).isEqualTo("CPAGE 1252");
		StatementFile.Account account = file.accounts().get(0);
		assertThat(account.accountId()).isEqualTo("001-1234-5-12345-6");
		assertThat(account.balance()).isEqualTo(new BigDecimal("5100.00"));
		assertThat(account.lines())
			.extracting(Line::externalId, Line::direction, Line::description, Line::bankReferenceId)
			.containsExactly(tuple("202603020001", "credit", "Depósito Online", "000101"),
					tuple("202603030001", "debit", "Pagto cobrança", "850001"));
	}

	@Test
	void refusesADoctypeSoNoExternalEntityIsRead() {
		assertThatThrownBy(() -> OfxReader.read(OfxFiles.xxe(), "ofx")).isInstanceOf(InvalidRequest.class)
			.hasMessageContaining("DOCTYPE");
	}

	@Test
	void aBrokenFileIsA400OnFile() {
		byte[] truncated = new String(OfxFiles.twoAccounts(), StandardCharsets.US_ASCII).substring(0, 900)
			.getBytes(StandardCharsets.US_ASCII);
		assertThatThrownBy(() -> OfxReader.read(truncated, "ofx")).isInstanceOf(InvalidRequest.class)
			.hasMessageContaining("não é um OFX legível")
			.hasMessageNotContaining("Exception");
	}

	@Test
	void aSelfClosedEmptyTagCrLineEndsAndADecimalCommaBalanceAreRead() {
		StatementFile.Account account = OfxReader.read(OfxFiles.selfClosedSavings(), "ofx").accounts().get(0);
		assertThat(account.problems()).isEmpty();
		assertThat(account.accountId()).isEqualTo("104-0013000123456");
		assertThat(account.branchId()).isNull();
		assertThat(account.accountType()).isEqualTo("SAVINGS");
		assertThat(account.balance()).isEqualTo(new BigDecimal("12345.67"));
		assertThat(account.lines()).extracting(Line::externalId, Line::amount, Line::number)
			.containsExactly(tuple("SAV001", new BigDecimal("1500.00"), 40),
					tuple("SAV002", new BigDecimal("7.53"), 47));
	}

	@Test
	void readsBradescosOfcWithoutAnAccount() {
		StatementFile file = OfxReader.read(OfxFiles.bradescoOfc("B1"), "ofc");
		assertThat(file.version()).isEqualTo("2");
		assertThat(file.declaredCharset()).isEqualTo("CPAGE 1252");
		assertThat(file.accounts()).hasSize(1);
		StatementFile.Account account = file.accounts().get(0);
		assertThat(account.accountId()).isEmpty();
		assertThat(account.problems()).isEmpty();
		assertThat(account.balance()).isEqualTo(new BigDecimal("2345.10"));
		assertThat(account.balanceDate()).isEqualTo(LocalDate.of(2026, 3, 31));
		assertThat(account.rowCount()).isEqualTo(2);
		assertThat(account.lines())
			.extracting(Line::externalId, Line::direction, Line::amount, Line::description, Line::bankReferenceId)
			.containsExactly(tuple("B1 0001", "credit", new BigDecimal("1500.00"), "TRANSF CC PARA CC PJ", "1234567"),
					tuple("B1 0002", "debit", new BigDecimal("89.90"), "TARIFA BANCÁRIA", "7654321"));
	}

	@Test
	void aFileNested2000DeepIsRefusedNotAStackOverflow() {
		byte[] deep = OfxFiles.nested(2000);
		assertThat(deep.length).isLessThan(16 * 1024);
		assertThatThrownBy(() -> OfxReader.read(deep, "ofx")).isInstanceOf(InvalidRequest.class)
			.satisfies(ex -> assertThat(((InvalidRequest) ex).errors()).containsOnlyKeys("file"))
			.hasMessageContaining("aninham mais de 64 níveis");
		assertThat(OfxReader.read(OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252), "ofx").accounts())
			.as("a real statement nests far less")
			.hasSize(1);
	}

	@Test
	void datesWithZonesAndFractions() {
		assertThat(OfxReader.dateTime("20260305").instant()).isNull();
		assertThat(OfxReader.dateTime("20260305120000").instant()).isEqualTo(Instant.parse("2026-03-05T15:00:00Z"));
		assertThat(OfxReader.dateTime("20260305120000[0:GMT]").instant())
			.isEqualTo(Instant.parse("2026-03-05T12:00:00Z"));
		assertThat(OfxReader.dateTime("20260305120000.123[-3:BRT]").instant())
			.isEqualTo(Instant.parse("2026-03-05T15:00:00.123Z"));
		assertThat(OfxReader.dateTime("20260305233000[+5.30:IST]").date()).isEqualTo(LocalDate.of(2026, 3, 5));
		assertThat(OfxReader.dateTime("20260305233000[+5.30:IST]").instant())
			.isEqualTo(Instant.parse("2026-03-05T18:00:00Z"));
		assertThatThrownBy(() -> OfxReader.dateTime("05/03/2026")).hasMessageContaining("not an OFX date");
		assertThat(OfxReader.amount("-1.234,56")).isEqualTo(new BigDecimal("-1234.56"));
		assertThat(OfxReader.amount("1,234.56")).isEqualTo(new BigDecimal("1234.56"));
		assertThat(OfxReader.amount("-10,5")).isEqualTo(new BigDecimal("-10.5"));
		assertThat(OfxReader.amount("+7.00")).isEqualTo(new BigDecimal("7.00"));
	}

}
