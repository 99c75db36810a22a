package br.suite.imports;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.imports.reader.StatementReader;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Options;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.imports.reader.StatementReader.Statement;
import br.suite.imports.reader.StatementValues;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.InvalidRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class StatementReaderTests {

	static final Options DETECT = new Options(null, null, null, Map.of());

	@Test
	void readsABrazilianBankExportInWindows1252() {
		Statement statement = StatementReader.read(Statements.bankExport1252(), DETECT);
		assertThat(statement.encoding()).isEqualTo("windows-1252");
		assertThat(statement.delimiter()).isEqualTo(';');
		assertThat(statement.decimal()).isEqualTo(Decimal.COMMA);
		assertThat(statement.headerLine()).isEqualTo(4);
		assertThat(statement.dateFormats()).containsExactly("dd/MM/yyyy");
		assertThat(statement.columns()).containsExactly(Map.entry(ImportField.TRANSACTION_DATE, "Data"),
				Map.entry(ImportField.AMOUNT, "Valor (R$)"),
				Map.entry(ImportField.DESCRIPTION, "Histórico + Descrição"),
				Map.entry(ImportField.BANK_REFERENCE_ID, "Documento"));
		assertThat(statement.ignoredColumns()).containsExactly("Saldo (R$)");
		assertThat(statement.problems()).isEmpty();
		assertThat(statement.ignored()).extracting(StatementReader.Ignored::line).containsExactly(5, 11);

		List<Line> lines = statement.lines();
		assertThat(lines).extracting(Line::number).containsExactly(6, 7, 8, 9, 10);
		Line pix = lines.get(0);
		assertThat(pix.date()).isEqualTo(LocalDate.of(2026, 3, 2));
		assertThat(pix.amount()).isEqualTo(new BigDecimal("1234.56"));
		assertThat(pix.direction()).isEqualTo("credit");
		assertThat(pix.description()).isEqualTo("Pix recebido - Padaria Pão Quente Ltda");
		assertThat(pix.bankReferenceId()).isEqualTo("123456");
		assertThat(pix.status()).isEqualTo("settled");
		assertThat(pix.postedAt()).isNull();
		assertThat(lines.get(1).direction()).isEqualTo("debit");
		assertThat(lines.get(1).amount()).isEqualTo(new BigDecimal("389.90"));
		assertThat(lines.get(1).description()).isEqualTo("Pagamento de boleto - Energia Elétrica S/A");
		assertThat(lines.get(4).description()).isEqualTo("TED recebida - Construção; Reforma & Cia");
		assertThat(lines.get(4).amount()).isEqualTo(new BigDecimal("12500.00"));
		assertThat(lines).extracting(Line::externalId)
			.allMatch(id -> id.matches("csv-[0-9a-f]{32}"))
			.doesNotHaveDuplicates();
	}

	@Test
	void derivesTheSameIdsFromTheSameLinesAndKeepsEqualLinesApart() {
		List<Line> first = StatementReader.read(Statements.bankExport1252(), DETECT).lines();
		List<Line> again = StatementReader.read(Statements.bankExport1252(), DETECT).lines();
		assertThat(again).extracting(Line::externalId).isEqualTo(first.stream().map(Line::externalId).toList());
		assertThat(first.get(2).externalId()).as("two equal fees are two transactions")
			.isNotEqualTo(first.get(3).externalId());
		List<Line> revised = StatementReader.read(Statements.bankExport1252Revised(), DETECT).lines();
		assertThat(revised.get(0).externalId()).as("the same Pix in a later export")
			.isEqualTo(first.get(0).externalId());
		assertThat(revised.get(1).externalId()).as("the first of the two fees").isEqualTo(first.get(2).externalId());
	}

	@Test
	void readsAUtf8CommaFileWithBomIsoDatesAndAnIdColumn() {
		Statement statement = StatementReader.read(Statements.fintechUtf8(), DETECT);
		assertThat(statement.encoding()).isEqualTo("utf-8");
		assertThat(statement.delimiter()).isEqualTo(',');
		assertThat(statement.decimal()).isEqualTo(Decimal.POINT);
		assertThat(statement.headerLine()).isEqualTo(1);
		assertThat(statement.columns()).containsEntry(ImportField.EXTERNAL_ID, "Identificador")
			.containsEntry(ImportField.PAYER_DOCUMENT, "CPF/CNPJ")
			.containsEntry(ImportField.DESCRIPTION, "Descrição");
		List<Line> lines = statement.lines();
		assertThat(lines).extracting(Line::externalId)
			.containsExactly("6f1c0b9e-0001", "6f1c0b9e-0002", "6f1c0b9e-0003");
		assertThat(lines.get(0).description()).isEqualTo("Transferência recebida - Maria, José");
		assertThat(lines.get(0).payerDocument()).isEqualTo("123.456.789-09");
		assertThat(lines.get(1).direction()).isEqualTo("debit");
		assertThat(lines.get(1).amount()).isEqualTo(new BigDecimal("12.34"));
		assertThat(lines.get(2).amount()).isEqualTo(new BigDecimal("250.50"));
	}

	@Test
	void reportsEachBadLineWithItsLineNumberAndColumn() {
		Statement statement = StatementReader.read(Statements.withBadRows(), DETECT);
		assertThat(statement.problems()).extracting(Problem::line, Problem::column)
			.containsExactly(tuple(3, "Data"), tuple(4, "Valor"), tuple(7, "Valor"), tuple(8, "Valor"));
		assertThat(statement.problems().get(0).message()).contains("31/02/2026");
		assertThat(statement.problems().get(1).message()).contains("1.234,56").contains("12,3,4");
		assertThat(statement.problems().get(2).message()).isEqualTo("is required");
		assertThat(statement.problems().get(3).message()).contains("zero");
		// The CPF is checked by the ledger's rules, after reading: the line itself reads
		// fine.
		assertThat(statement.lines()).extracting(Line::number).containsExactly(2, 5, 6);
	}

	@Test
	void readsCreditAndDebitColumns() {
		Statement statement = StatementReader.read(Statements.creditDebitColumns(), DETECT);
		assertThat(statement.columns()).containsEntry(ImportField.TRANSACTION_DATE, "Data Lançamento")
			.containsEntry(ImportField.CREDIT_AMOUNT, "Crédito")
			.containsEntry(ImportField.DEBIT_AMOUNT, "Débito");
		assertThat(statement.lines()).extracting(Line::direction, Line::amount)
			.containsExactly(tuple("credit", new BigDecimal("1000.00")), tuple("debit", new BigDecimal("200.00")),
					tuple("debit", new BigDecimal("15.00")));
	}

	@Test
	void usesADirectionColumnOnlyWhenItHoldsDirections() {
		String withType = "Data;Histórico;Valor;Tipo\n02/03/2026;Tarifa;10,00;D\n03/03/2026;Depósito;20,00;C\n";
		Statement typed = StatementReader.read(withType.getBytes(StandardCharsets.UTF_8), DETECT);
		assertThat(typed.lines()).extracting(Line::direction).containsExactly("debit", "credit");
		String withKind = "Data;Histórico;Valor;Tipo\n02/03/2026;Tarifa;-10,00;TARIFA\n03/03/2026;Pix;20,00;PIX\n";
		Statement kinds = StatementReader.read(withKind.getBytes(StandardCharsets.UTF_8), DETECT);
		assertThat(kinds.columns()).doesNotContainKey(ImportField.DIRECTION);
		assertThat(kinds.ignoredColumns()).containsExactly("Tipo");
		assertThat(kinds.lines()).extracting(Line::direction).containsExactly("debit", "credit");
		String contradicting = "Data;Histórico;Valor;D/C\n02/03/2026;Tarifa;-10,00;C\n";
		assertThat(StatementReader.read(contradicting.getBytes(StandardCharsets.UTF_8), DETECT).problems())
			.extracting(Problem::column)
			.containsExactly("D/C");
	}

	@Test
	void followsTheCallersChoicesAndExcelsSepLine() {
		String text = "sep=,\nQuando,Quanto,Código,Observações\n05/03/2026,\"1.234,56\",X1,Aluguel\n";
		Options options = new Options(null, null, null, Map.of(ImportField.TRANSACTION_DATE, "quando",
				ImportField.AMOUNT, "QUANTO", ImportField.EXTERNAL_ID, "Código"));
		Statement statement = StatementReader.read(text.getBytes(StandardCharsets.ISO_8859_1), options);
		assertThat(statement.delimiter()).isEqualTo(',');
		assertThat(statement.encoding()).isEqualTo("windows-1252");
		assertThat(statement.headerLine()).isEqualTo(2);
		assertThat(statement.decimal()).isEqualTo(Decimal.COMMA);
		assertThat(statement.lines()).singleElement().satisfies(line -> {
			assertThat(line.number()).isEqualTo(3);
			assertThat(line.externalId()).isEqualTo("X1");
			assertThat(line.amount()).isEqualTo(new BigDecimal("1234.56"));
			assertThat(line.description()).isEqualTo("Aluguel");
		});
		Options noId = new Options(null, null, null, Map.of(ImportField.EXTERNAL_ID, ""));
		assertThat(StatementReader.read(Statements.fintechUtf8(), noId).lines().get(0).externalId()).startsWith("csv-");
		Options forced = new Options(StandardCharsets.UTF_8, ';', Decimal.POINT, Map.of());
		byte[] pointFile = "Data;Valor\n05/03/2026;1,234.50\n".getBytes(StandardCharsets.UTF_8);
		Statement point = StatementReader.read(pointFile, forced);
		assertThat(point.lines().get(0).amount()).isEqualTo(new BigDecimal("1234.50"));
	}

	@Test
	void everyHeaderNameBelongsToOneFieldOnly() {
		Map<String, ImportField> owners = new HashMap<>();
		for (ImportField field : ImportField.values()) {
			for (String alias : field.aliases) {
				assertThat(owners.put(alias, field)).as(alias + " of " + field).isNull();
				assertThat(StatementValues.key(alias)).as("aliases are compared in key form").isEqualTo(alias);
			}
		}
	}

	@Test
	void refusesFilesWithoutAHeaderOrWithBrokenQuoting() {
		assertThatThrownBy(() -> StatementReader.read("a;b\n1;2\n".getBytes(StandardCharsets.UTF_8), DETECT))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors()).containsKey("file"));
		Options missing = new Options(null, null, null, Map.of(ImportField.AMOUNT, "Montante"));
		assertThatThrownBy(() -> StatementReader.read(Statements.fintechUtf8(), missing))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors()).containsKey("columns"));
		byte[] open = "Data;Valor;Descrição\n05/03/2026;10,00;\"sem fim\n".getBytes(StandardCharsets.UTF_8);
		assertThatThrownBy(() -> StatementReader.read(open, DETECT)).isInstanceOfSatisfying(InvalidRequest.class,
				ex -> assertThat(ex.errors().get("file").get(0)).startsWith("não é um CSV legível"));
	}

}
