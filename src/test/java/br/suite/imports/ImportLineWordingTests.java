package br.suite.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import br.suite.imports.reader.CnabReader;
import br.suite.imports.reader.OfxReader;
import br.suite.imports.reader.StatementFile;
import br.suite.imports.reader.StatementReader;
import br.suite.imports.reader.StatementReader.Options;
import br.suite.imports.wizard.ImportLineWording;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.documents.TaxId;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every line message the readers write reads back to its code
 * ({@link ImportLineWording}), and every code has its Portuguese in both catalogue files:
 * the readers write each of their forms here, from real files.
 */
class ImportLineWordingTests {

	static final Options DETECT = new Options(null, null, null, Map.of());

	@Test
	void everyCsvProblemAndIgnoredLineReadsBackToItsCode() {
		String csv = String.join("\n", "Data;Hora;Histórico;Valor;Situação;Identificador;D/C",
				"02/03/2026;10:00;Saldo anterior;100,00;Efetivado;a1;C", // balance
				";;Linha sem nada;;;;", // neither a date nor an amount
				"31/02/2026;10:00;Data que não existe;1,00;Efetivado;a2;C",
				"2026/99/99;10:00;Data mal escrita;1,00;Efetivado;a3;C",
				"03/03/2026;25:61;Hora que não existe;1,00;Efetivado;a4;C",
				"03/03/2026;10h;Hora mal escrita;1,00;Efetivado;a5;C",
				"03/03/2026;10:00;Valor mal escrito;12,3,4;Efetivado;a6;C",
				"03/03/2026;10:00;Três decimais;1,234;Efetivado;a7;C",
				"03/03/2026;10:00;Situação estranha;1,00;Talvez;a8;C", "03/03/2026;10:00;Primeira;1,00;Efetivado;rep;C",
				"03/03/2026;10:00;Repetida;2,00;Efetivado;rep;C",
				"03/03/2026;10:00;Sentido estranho;1,00;Efetivado;a9;X",
				"03/03/2026;10:00;Sentido contrário;-1,00;Efetivado;a10;C",
				"03/03/2026;10:00;Zero;0,00;Efetivado;a11;C", ";10:00;Sem data;1,00;Efetivado;a12;C",
				"01/01/1800;10:00;Ano antigo;1,00;Efetivado;a13;C", "");
		StatementReader.Statement read = StatementReader.read(csv.getBytes(StandardCharsets.UTF_8), DETECT);
		List<String> messages = read.problems().stream().map(StatementReader.Problem::message).toList();
		assertThat(codes(ImportLineWording.PROBLEMS, messages)).contains("invalidDate", "date", "invalidTime", "time",
				"amount", "decimals", "status", "repeated", "zero", "required");
		assertThat(codes(ImportLineWording.IGNORED, read.ignored().stream().map(i -> i.reason()).toList()))
			.contains("balance", "empty");

		String twoColumns = String.join("\n", "Data;Histórico;Crédito;Débito", "03/03/2026;Ambos;1,00;2,00",
				"04/03/2026;Negativo C;-1,00 C;", "");
		StatementReader.Statement both = StatementReader.read(twoColumns.getBytes(StandardCharsets.UTF_8), DETECT);
		assertThat(codes(ImportLineWording.PROBLEMS, both.problems().stream().map(p -> p.message()).toList()))
			.contains("bothAmounts");

		String directions = String.join("\n", "Data;Histórico;Valor;D/C", "02/03/2026;Tarifa;-10,00;C",
				"06/03/2026;Estranho;10,00;X", "");
		StatementReader.Statement directed = StatementReader.read(directions.getBytes(StandardCharsets.UTF_8),
				new Options(null, null, null, Map.of(ImportField.DIRECTION, "D/C")));
		assertThat(codes(ImportLineWording.PROBLEMS, directed.problems().stream().map(p -> p.message()).toList()))
			.contains("direction", "directionConflict");
	}

	@Test
	void everyOfxAndCnabProblemReadsBackToItsCode() {
		String ofx = OfxFiles.v1Header("USASCII", "1252") + OfxFiles.signOn() + "<BANKMSGSRSV1>\r\n"
				+ OfxFiles.statementStart("0341", "1234", "56789-0", "BRL")
				+ "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n<DTEND>20260331\r\n"
				+ OfxFiles.trn("CREDIT", "2026XX01", "10.00", "f1", null, "Data ruim", null)
				+ OfxFiles.trn("CREDIT", "20260231", "10.00", "f2", null, "Data que não existe", null)
				+ OfxFiles.trn("CREDIT", "20260301", "10,00 C", "f3", null, "Valor ruim", null)
				+ OfxFiles.trn("CREDIT", "20260301", "0.00", "f4", null, "Zero", null)
				+ "<STMTTRN>\r\n<TRNTYPE>CREDIT\r\n<DTPOSTED>20260302\r\n<TRNAMT>5.00\r\n<FITID>f5\r\n"
				+ "<CURRENCY>\r\n<CURRATE>5.0\r\n<CURSYM>USD\r\n</CURRENCY>\r\n</STMTTRN>\r\n" + "</BANKTRANLIST>\r\n"
				+ OfxFiles.statementEnd("0.00") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		StatementFile file = OfxReader.read(ofx.getBytes(StandardCharsets.ISO_8859_1), "ofx");
		List<String> messages = file.accounts()
			.stream()
			.flatMap(a -> a.problems().stream())
			.map(StatementReader.Problem::message)
			.toList();
		assertThat(codes(ImportLineWording.PROBLEMS, messages)).contains("ofxDate", "ofxInvalidDate", "ofxAmount",
				"currency", "zero");

		CnabFiles.Bank bank = CnabFiles.BANKS.get(0);
		String cnab = new String(CnabFiles.cnab240(bank), StandardCharsets.ISO_8859_1);
		String[] lines = cnab.split("\r?\n");
		StringBuilder broken = new StringBuilder(lines[0]).append("\r\n").append("longa demais".repeat(21) + "\r\n");
		for (int i = 1; i < lines.length; i++) {
			// The settled title's segment U cut before its amounts.
			broken.append(i == 3 ? lines[i].substring(0, 60) : lines[i]).append("\r\n");
		}
		StatementFile cnabFile = CnabReader.read(broken.toString().getBytes(StandardCharsets.ISO_8859_1), "cnab240");
		List<String> cnabMessages = cnabFile.accounts()
			.stream()
			.flatMap(a -> a.problems().stream())
			.map(StatementReader.Problem::message)
			.toList();
		assertThat(codes(ImportLineWording.PROBLEMS, cnabMessages)).contains("cnabLength", "cnabShort");
		List<String> cnabIgnored = cnabFile.accounts()
			.stream()
			.flatMap(a -> a.ignored().stream())
			.map(StatementReader.Ignored::reason)
			.toList();
		codes(ImportLineWording.IGNORED, cnabIgnored);
	}

	@Test
	void theLedgersRowCheckMessagesReadBack() {
		for (String taxId : List.of("123", "111.111.111-11", "123.456.789-00", "12.ABC.345/01DE-3X")) {
			try {
				TaxId.parse(taxId);
			}
			catch (InvalidTaxId ex) {
				assertThat(ImportLineWording.read(ImportLineWording.PROBLEMS, ex.getMessage())).as(ex.getMessage())
					.extracting(ImportLineWording.Read::code)
					.isEqualTo("taxId");
			}
		}
		assertThat(ImportLineWording.read(ImportLineWording.PROBLEMS, "must be at most 500 characters").code())
			.isEqualTo("tooLong");
	}

	@Test
	void everyCodeHasItsWordsInBothCatalogueFiles() throws IOException {
		for (String file : List.of("messages_pt_BR.properties", "messages.properties")) {
			Properties catalogue = catalogue(file);
			Stream
				.concat(ImportLineWording.PROBLEMS.stream().map(f -> "import.line." + f.code()),
						ImportLineWording.IGNORED.stream().map(f -> "import.ignoredLine." + f.code()))
				.forEach(key -> assertThat(catalogue.getProperty(key)).as(file + " " + key).isNotBlank());
			for (String key : List.of("import.line.other", "import.ignoredLine.other", "import.ignoredLine.document",
					"import.ignoredLine.reasons", "import.rowRefused", "import.confirmRefused")) {
				assertThat(catalogue.getProperty(key)).as(file + " " + key).isNotBlank();
			}
		}
	}

	/** Each message's code; fails for a message of no known form. */
	private static List<String> codes(List<ImportLineWording.Form> forms, List<String> messages) {
		assertThat(messages).isNotEmpty();
		List<String> codes = new ArrayList<>();
		for (String message : messages) {
			ImportLineWording.Read read = ImportLineWording.read(forms, message);
			assertThat(read).as("a code for \"%s\"", message).isNotNull();
			codes.add(read.code());
		}
		return codes;
	}

	static Properties catalogue(String name) throws IOException {
		Properties properties = new Properties();
		try (InputStream in = ImportLineWordingTests.class.getResourceAsStream("/" + name)) {
			properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
		}
		return properties;
	}

}
