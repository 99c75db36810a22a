package br.suite.imports;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import br.suite.imports.StatementReader.Ignored;
import br.suite.imports.StatementReader.Line;
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
		assertThat(account.lines()).hasSize(1);
		Line settled = account.lines().get(0);
		assertThat(settled.bankReferenceId()).isEqualTo(bank.expectedNosso());
		assertThat(settled.amount()).isEqualTo(new BigDecimal("150.00"));
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
			.hasMessageContaining("bank 748");
		String text = new String(CnabFiles.cnab400(CnabFiles.bank("bradesco")),
				java.nio.charset.StandardCharsets.US_ASCII);
		assertThatThrownBy(() -> CnabReader.read(
				text.replace("02RETORNO", "01REMESSA").getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab400"))
			.hasMessageContaining("remessa");
		String[] lines = text.split("\r\n");
		lines[1] = lines[1].substring(0, 390);
		lines[2] = lines[2].substring(0, 253) + "00000000ABC00" + lines[2].substring(266);
		StatementFile.Account account = CnabReader
			.read(String.join("\r\n", lines).getBytes(java.nio.charset.StandardCharsets.US_ASCII), "cnab400")
			.accounts()
			.get(0);
		assertThat(account.lines()).isEmpty();
		assertThat(account.problems()).extracting(StatementReader.Problem::line).containsExactly(2);
		assertThat(account.problems().get(0).message()).contains("390 characters");
	}

}
