package br.suite.imports;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import br.suite.imports.reader.CnabReader;
import br.suite.imports.reader.StatementFile;
import br.suite.imports.reader.StatementReader;
import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.statement.StatementImportService;
import br.suite.shared.InvalidRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CnabReaderTests {

	static Stream<Arguments> files() {
		return CnabFiles.BANKS.stream()
			.flatMap(bank -> Stream.of(Arguments.of(bank.slug(), "cnab240"), Arguments.of(bank.slug(), "cnab400")));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("files")
	void readsTheSettlementAndListsTheRejectionAndTheWriteOff(String slug, String layout) {
		CnabFiles.Bank bank = CnabFiles.bank(slug);
		byte[] bytes = layout.equals("cnab240") ? CnabFiles.cnab240(bank) : CnabFiles.cnab400(bank);
		assertThat(StatementImportService.detect(bytes)).isEqualTo(layout);
		StatementFile file = CnabReader.read(bytes, layout);
		assertThat(file.format()).isEqualTo(layout);
		assertThat(file.charset()).isEqualTo("us-ascii");
		StatementFile.Account account = file.accounts().get(0);
		assertThat(account.provider()).isEqualTo("cnab_" + slug);
		assertThat(account.accountId())
			.isEqualTo(layout.equals("cnab240") ? bank.expectedAgreement240() : bank.expectedAgreement400());
		assertThat(account.bankId()).isEqualTo(bank.code());
		assertThat(account.problems()).isEmpty();
		assertThat(account.rowCount()).isEqualTo(3);
		assertThat(account.lines()).hasSize(2);
		Line settled = account.lines().get(0);
		assertThat(settled.bankReferenceId()).isEqualTo(bank.expectedNosso());
		// Itaú's 400 writes what it credited after the fee: the payer paid both.
		assertThat(settled.amount())
			.isEqualTo(new BigDecimal(slug.equals("itau") && layout.equals("cnab400") ? "152.50" : "150.00"));
		Line fee = account.lines().get(1);
		assertThat(fee).extracting(Line::amount, Line::direction, Line::date, Line::bankReferenceId)
			.containsExactly(new BigDecimal("2.50"), "debit", LocalDate.of(2026, 3, 6), "");
		assertThat(fee.externalId()).isEqualTo(settled.externalId() + "-tarifa");
		assertThat(settled.direction()).isEqualTo("credit");
		assertThat(settled.status()).isEqualTo("settled");
		assertThat(settled.date()).isEqualTo(LocalDate.of(2026, 3, 6));
		assertThat(settled.externalId()).isEqualTo("cnab-" + bank.expectedNosso() + "-"
				+ bank.settled400().replace("21", layout.equals("cnab240") ? "06" : "21") + "-2026-03-05");
		assertThat(settled.description()).startsWith("Boleto " + bank.expectedNosso() + " liquida")
			.contains("documento NF-1001")
			.endsWith("tarifa 2.50");
		if (layout.equals("cnab240")) {
			assertThat(settled.payerName()).isEqualTo("CLIENTE PAGADOR SA");
			assertThat(settled.payerDocument()).isEqualTo("11222333000181");
		}
		assertThat(account.ignored()).hasSize(2);
		assertThat(account.ignored().get(0).reason()).startsWith("rejected: occurrence ")
			.contains("of nosso número " + bank.expectedNosso());
		assertThat(account.ignored().get(1).reason()).startsWith("write_off: occurrence ");
		assertThat(account.ignored()).extracting(Ignored::line).doesNotHaveDuplicates();
	}

	@Test
	void santandersSegmentTIsShifted() {
		CnabFiles.Bank santander = CnabFiles.bank("santander");
		Line line = CnabReader.read(CnabFiles.cnab240(santander), "cnab240").accounts().get(0).lines().get(0);
		assertThat(line.bankReferenceId()).isEqualTo("98");
		assertThat(line.payerName()).isEqualTo("CLIENTE PAGADOR SA");
	}

	@Test
	void aRejectionsReasonsAreQuoted() {
		StatementFile.Account account = CnabReader.read(CnabFiles.cnab240(CnabFiles.bank("itau")), "cnab240")
			.accounts()
			.get(0);
		assertThat(account.ignored().get(0).reason()).contains("entrada rejeitada").contains("reasons 0000000045");
	}

	@Test
	void unknownBanksRemessasAndBrokenLinesAreReported() {
		byte[] other = new String(CnabFiles.cnab240(CnabFiles.bank("itau")), java.nio.charset.StandardCharsets.US_ASCII)
			.replace("341", "748")
			.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
		assertThatThrownBy(() -> CnabReader.read(other, "cnab240")).isInstanceOf(InvalidRequest.class)
			.hasMessageContaining("banco 748");
		String text = new String(CnabFiles.cnab400(CnabFiles.bank("bradesco")),
				java.nio.charset.StandardCharsets.US_ASCII);
		assertThatThrownBy(() -> CnabReader.read(
				text.replace("02RETORNO", "01REMESSA").getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab400"))
			.hasMessageContaining("remessa");
		String[] lines = text.split("\r\n");
		// The settled title's line cut before its valor pago (254-266).
		lines[1] = lines[1].substring(0, 250);
		lines[2] = lines[2].substring(0, 253) + "00000000ABC00" + lines[2].substring(266);
		StatementFile.Account account = CnabReader
			.read(String.join("\r\n", lines).getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab400")
			.accounts()
			.get(0);
		assertThat(account.lines()).isEmpty();
		assertThat(account.problems()).extracting(StatementReader.Problem::line).containsExactly(2);
		assertThat(account.problems().get(0).message()).contains("is past the end of the line, which is 250");
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("files")
	void linesWithTheirTrailingBlanksTrimmedReadTheSame(String slug, String layout) {
		CnabFiles.Bank bank = CnabFiles.bank(slug);
		byte[] full = layout.equals("cnab240") ? CnabFiles.cnab240(bank) : CnabFiles.cnab400(bank);
		byte[] trimmed = CnabFiles.trimmed(full);
		if (layout.equals("cnab240")) {
			assertThat(new String(trimmed, java.nio.charset.StandardCharsets.US_ASCII).lines())
				.anyMatch(line -> line.length() < 100);
		}
		assertThat(StatementImportService.detect(trimmed)).isEqualTo(layout);
		StatementFile.Account expected = CnabReader.read(full, layout).accounts().get(0);
		StatementFile.Account account = CnabReader.read(trimmed, layout).accounts().get(0);
		assertThat(account.problems()).isEmpty();
		assertThat(account.accountId()).isEqualTo(expected.accountId());
		assertThat(account.lines()).isEqualTo(expected.lines());
		assertThat(account.ignored()).isEqualTo(expected.ignored());
	}

	@Test
	void aTrimmedLineCutBeforeAFieldASettlementNeedsIsAnErrorOfThatLine() {
		String[] lines = new String(CnabFiles.trimmed(CnabFiles.cnab240(CnabFiles.bank("sicoob"))),
				java.nio.charset.StandardCharsets.US_ASCII)
			.split("\r\n");
		// The settled title's segment U, cut before its valor pago (78-92).
		lines[3] = lines[3].substring(0, 60);
		StatementFile.Account account = CnabReader
			.read(String.join("\r\n", lines).getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab240")
			.accounts()
			.get(0);
		assertThat(account.lines()).isEmpty();
		assertThat(account.problems()).extracting(StatementReader.Problem::line, StatementReader.Problem::column)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(3, "valor pago (segmento U) (78-92)"),
					org.assertj.core.groups.Tuple.tuple(3, "data da ocorrência (segmento U) (138-145)"));
		assertThat(account.ignored()).hasSize(2);
	}

	@Test
	void itausCreditedAmountIsNetOfTheFee() {
		// Itaú 400: the payer paid 40.00, the bank credited 37.90 (254-266) after a 2.10
		// fee (176-188).
		String[] lines = new String(CnabFiles.cnab400(CnabFiles.bank("itau")),
				java.nio.charset.StandardCharsets.US_ASCII)
			.split("\r\n");
		lines[1] = lines[1].substring(0, 175) + "0000000000210" + lines[1].substring(188, 253) + "0000000003790"
				+ lines[1].substring(266);
		StatementFile.Account account = CnabReader
			.read(String.join("\r\n", lines).getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab400")
			.accounts()
			.get(0);
		assertThat(account.lines()).extracting(Line::amount, Line::direction)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(new BigDecimal("40.00"), "credit"),
					org.assertj.core.groups.Tuple.tuple(new BigDecimal("2.10"), "debit"));
	}

}
