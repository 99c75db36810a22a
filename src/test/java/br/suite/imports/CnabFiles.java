package br.suite.imports;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import br.suite.imports.reader.CnabLayouts;

/**
 * CNAB return files of each bank, built position by position from the banks' layouts
 * (written here independently of {@link CnabLayouts}): per file one settled title (face
 * value 145.00, paid 150.00 with interest, fee 2.50, occurred 05/03/2026, credited
 * 06/03/2026), one rejection and one write-off.
 */
final class CnabFiles {

	private CnabFiles() {
	}

	/** The positions and values of one bank's files (1-based start positions). */
	record Bank(String code, String slug, int agreement240At, String agreement240, int nosso240At, String nosso240,
			boolean santander, String expectedAgreement240, char detail400, int agreement400At, String agreement400,
			int nosso400At, String nosso400, String settled400, String rejected400, String writeOff400, int fee400At,
			int fee400Length, int credit400At, String expectedAgreement400, String expectedNosso) {

		/** The same bank with other nosso números (as each layout writes it). */
		Bank withNosso(String nosso240, String nosso400, String expected) {
			return new Bank(this.code, this.slug, this.agreement240At, this.agreement240, this.nosso240At, nosso240,
					this.santander, this.expectedAgreement240, this.detail400, this.agreement400At, this.agreement400,
					this.nosso400At, nosso400, this.settled400, this.rejected400, this.writeOff400, this.fee400At,
					this.fee400Length, this.credit400At, this.expectedAgreement400, expected);
		}

	}

	static final List<Bank> BANKS = List.of(
			new Bank("001", "bb", 33, "001234567", 38, "12345670000000123", false, "1234567", '7', 150, "1234567", 64,
					"12345670000000123", "06", "03", "09", 182, 7, 176, "1234567", "12345670000000123"),
			new Bank("341", "itau", 53, "01234000000012345 6", 38, "109000004567", false, "12340000000123456", '1', 27,
					"123400012345", 63, "00000456", "06", "03", "09", 176, 13, 296, "123400012345", "456"),
			new Bank("237", "bradesco", 33, "00000000000004567890", 38, "0090000000000000789P", false, "4567890", '1',
					27, "00000000000004567890", 71, "00000000789P", "06", "03", "09", 176, 13, 296, "4567890", "789"),
			new Bank("104", "caixa", 59, "654321", 40, "14000000000000321", false, "654321", '1', 27, "0000654321", 57,
					"14000000000000321", "21", "24", "02", 176, 13, 294, "654321", "14000000000000321"),
			new Bank("033", "santander", 33, "123456789012345", 41, "0000000000987", true, "123456789012345", '1', 27,
					"00000000001234567890", 63, "00000987", "06", "03", "09", 176, 13, 296, "1234567890", "98"),
			new Bank("756", "sicoob", 53, "0300100000012345 6", 38, "0000012345", false, "3001000000123456", '1', 32,
					"000012345", 63, "000000012345", "06", "03", "09", 182, 7, 176, "12345", "1234"));

	static Bank bank(String slug) {
		return BANKS.stream().filter(b -> b.slug().equals(slug)).findFirst().orElseThrow();
	}

	private static final class Line {

		private final char[] chars;

		Line(int length) {
			this.chars = " ".repeat(length).toCharArray();
		}

		Line put(int start, String value) {
			value.getChars(0, value.length(), this.chars, start - 1);
			return this;
		}

		@Override
		public String toString() {
			return new String(this.chars);
		}

	}

	static byte[] cnab240(Bank bank) {
		List<String> lines = new ArrayList<>();
		lines.add(new Line(240).put(1, bank.code())
			.put(4, "0000")
			.put(8, "0")
			.put(bank.agreement240At(), bank.agreement240())
			.put(73, "EMPRESA EXEMPLO LTDA")
			.put(143, "2")
			.put(144, "07032026")
			.put(164, "087")
			.toString());
		lines.add(new Line(240).put(1, bank.code()).put(4, "0001").put(8, "1").put(9, "T").toString());
		String[][] titles = { { "06", bank.nosso240() }, { "03", bank.nosso240() }, { "09", bank.nosso240() } };
		int sequence = 1;
		for (String[] title : titles) {
			Line t = new Line(240).put(1, bank.code())
				.put(4, "0001")
				.put(8, "3")
				.put(9, String.format("%05d", sequence++))
				.put(14, "T")
				.put(16, title[0])
				.put(bank.nosso240At(), title[1]);
			if (bank.santander()) {
				t.put(55, "NF-1001")
					.put(70, "05032026")
					.put(78, "000000000014500")
					.put(128, "2")
					.put(129, "011222333000181")
					.put(144, "CLIENTE PAGADOR SA")
					.put(194, "000000000000250")
					.put(209, title[0].equals("03") ? "0000000045" : "");
			}
			else {
				t.put(59, "NF-1001")
					.put(74, "05032026")
					.put(82, "000000000014500")
					.put(133, "2")
					.put(134, "011222333000181")
					.put(149, "CLIENTE PAGADOR SA")
					.put(199, "000000000000250")
					.put(214, title[0].equals("03") ? "0000000045" : "");
			}
			lines.add(t.toString());
			lines.add(new Line(240).put(1, bank.code())
				.put(4, "0001")
				.put(8, "3")
				.put(9, String.format("%05d", sequence++))
				.put(14, "U")
				.put(16, title[0])
				.put(18, "000000000000500")
				.put(78, title[0].equals("06") ? "000000000015000" : "000000000000000")
				.put(93, title[0].equals("06") ? "000000000014750" : "000000000000000")
				.put(138, "05032026")
				.put(146, title[0].equals("06") ? "06032026" : "00000000")
				.toString());
		}
		lines.add(new Line(240).put(1, bank.code()).put(4, "0001").put(8, "5").toString());
		lines.add(new Line(240).put(1, bank.code()).put(4, "9999").put(8, "9").toString());
		return (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * The file with every line's trailing blanks trimmed, as editors, FTP transfers and
	 * some banks write them.
	 */
	static byte[] trimmed(byte[] file) {
		String text = new String(file, StandardCharsets.US_ASCII);
		return (String.join("\r\n", trim(text.split("\r\n"))) + "\r\n").getBytes(StandardCharsets.US_ASCII);
	}

	private static String[] trim(String[] lines) {
		String[] trimmed = new String[lines.length];
		for (int i = 0; i < lines.length; i++) {
			trimmed[i] = lines[i].stripTrailing();
		}
		return trimmed;
	}

	static byte[] cnab400(Bank bank) {
		List<String> lines = new ArrayList<>();
		lines.add(new Line(400).put(1, "02RETORNO01COBRANCA")
			.put(bank.agreement400At(), bank.agreement400())
			.put(47, "EMPRESA EXEMPLO LTDA")
			.put(77, bank.code())
			.put(95, "070326")
			.put(395, "000001")
			.toString());
		Map<String, String> codes = Map.of("settled", bank.settled400(), "rejected", bank.rejected400(), "writeOff",
				bank.writeOff400());
		int sequence = 2;
		for (String kind : List.of("settled", "rejected", "writeOff")) {
			boolean settled = kind.equals("settled");
			lines.add(new Line(400).put(1, String.valueOf(bank.detail400()))
				.put(bank.nosso400At(), bank.nosso400())
				.put(109, codes.get(kind))
				.put(111, "050326")
				.put(117, "NF-1001")
				.put(147, "050326")
				.put(153, "0000000014500")
				.put(bank.fee400At(), bank.fee400Length() == 7 ? "0000250" : "0000000000250")
				.put(254, settled ? "0000000015000" : "0000000000000")
				.put(bank.credit400At(), settled ? "060326" : "000000")
				.put(395, String.format("%06d", sequence++))
				.toString());
		}
		lines.add(new Line(400).put(1, "9").put(395, String.format("%06d", sequence)).toString());
		return (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.US_ASCII);
	}

}
