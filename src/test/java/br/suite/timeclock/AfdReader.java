package br.suite.timeclock;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An AFD reader written from the layout (Portaria MTP 671/2021 Anexo V, as summarised in
 * the shared reference afd-671.md), sharing no code with the exporter: it checks every
 * line's length for its type, the fixed-width fields by position, the CRC-16/KERMIT of
 * types 1-5, NSR order, the trailer's counts, the signature line and the type-7 SHA-256
 * chain.
 */
public final class AfdReader {

	/**
	 * The public fixture quoted in afd-671.md § 11 (rayhenrique/pontofacil
	 * golden_afd_mte_2026.txt).
	 */
	public static final List<String> REFERENCE = List.of(
			"0000000001112345678000199              EMPRESA TESTE MATRIZ LTDA                                                                                                                                              2026-10-012026-10-312026-10-01T18:00:00-0300004                                             5A66",
			"00000000122026-10-01T07:00:00-0300              112345678000199              EMPRESA TESTE MATRIZ LTDA                                                                                                                             Sede Maceio                                                                                         B4DF",
			"00000000252026-10-01T07:10:00-0300I011122233344Joao da Silva                                           00000000000963A",
			"00000000352026-10-01T07:20:00-0300I055566677788Maria Oliveira                                          000000000006D88",
			"00000000472026-10-01T08:00:00-03000111222333442026-10-01T08:00:00-030002070cb283b374a517e6017cf14bc069303f54dbf75b03e9ed086a856c86b31239f",
			"00000000572026-10-01T12:00:00-03000111222333442026-10-01T12:00:00-030002064f2c76ec866246ef4f06cd06587d08912bac1f2c3d1bd47d5dc16e551d483b9",
			"00000000672026-10-01T13:00:00-03000555666777882026-10-01T13:00:00-0300020577d03de5463dcf29a6f429fd805752ba00863e709e1065b0d6fddc051792e75",
			"00000000772026-10-01T17:00:00-03000555666777882026-10-01T17:00:00-0300020eadd31c5fa3425617d94fa99c5ba7ab3dc997f9a91a8b94792a23c0e31e5b15f",
			"9999999990000000010000000000000000000000000020000000000000000049",
			"ASSINATURA_DIGITAL_EM_ARQUIVO_P7S                                                                   ");

	static final Pattern DH = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:00[+-]\\d{4}");

	private AfdReader() {
	}

	/** A type-7 record as read from its positions. */
	public record Punch(long nsr, String punchedAt, String cpf, String recordedAt, String collector, char offline,
			String hash) {
	}

	/** A type-2 record (employer inclusion or change) as read from its positions. */
	public record Employer(long nsr, String recordedAt, String responsible, char documentType, String document,
			String cno, String name, String address) {
	}

	/**
	 * A type-5 record (employee inclusion, change or exclusion) as read from its
	 * positions.
	 */
	public record Employee(long nsr, String recordedAt, char operation, String cpf, String name, String responsible) {
	}

	/** Any record between header and trailer: NSR and type, in file order. */
	public record Entry(long nsr, char type) {
	}

	/** What the file holds, after every check passed. */
	public record Content(String employerType, String employerDocument, String name, String inpi, String firstDate,
			String lastDate, String generatedAt, String version, List<Punch> punches, String lastHash,
			List<Entry> entries, List<Employer> employers, List<Employee> employees, long[] counts) {
	}

	/**
	 * Reads the file as the inspector's program would; throws AssertionError naming the
	 * first broken rule.
	 */
	public static Content read(byte[] bytes, String seed) {
		String text = new String(bytes, StandardCharsets.ISO_8859_1);
		check(text.endsWith("\r\n"), "the last line ends with CRLF");
		String[] lines = text.substring(0, text.length() - 2).split("\r\n", -1);
		for (String line : lines) {
			check(!line.contains("\n") && !line.contains("\r"), "lines are separated by CRLF only");
		}
		return read(List.of(lines), seed);
	}

	public static Content read(List<String> lines, String seed) {
		check(lines.size() >= 3, "header, trailer and signature line");
		String header = lines.get(0);
		check(header.length() == 302, "the header has 302 characters, not " + header.length());
		check(header.substring(0, 9).equals("000000000") && header.charAt(9) == '1', "header NSR 0 and type 1");
		crc(header, 298);
		String signature = lines.get(lines.size() - 1);
		check(signature.length() == 100
				&& signature.equals(String.format("%-100s", "ASSINATURA_DIGITAL_EM_ARQUIVO_P7S")),
				"the last line is the signature placeholder");
		String trailer = lines.get(lines.size() - 2);
		check(trailer.length() == 64 && trailer.startsWith("999999999") && trailer.charAt(63) == '9', "trailer");
		long[] counts = new long[10];
		long previousNsr = -1;
		String previousHash = seed;
		List<Punch> punches = new ArrayList<>();
		List<Entry> entries = new ArrayList<>();
		List<Employer> employers = new ArrayList<>();
		List<Employee> employees = new ArrayList<>();
		for (String line : lines.subList(1, lines.size() - 2)) {
			check(line.length() >= 10, "a record has at least NSR and type");
			long nsr = Long.parseLong(line.substring(0, 9));
			check(previousNsr < 0 || nsr > previousNsr, "NSRs increase: " + nsr + " after " + previousNsr);
			previousNsr = nsr;
			char type = line.charAt(9);
			switch (type) {
				case '2' -> {
					check(line.length() == 331, "type 2 has 331 characters, not " + line.length());
					crc(line, 327);
					String recordedAt = line.substring(10, 34);
					check(DH.matcher(recordedAt).matches(), "type 2 date-time " + recordedAt);
					String responsible = line.substring(34, 48);
					check(responsible.matches("\\d{11} {3}|\\d{14}| {14}|0{3}\\d{11}"),
							"type 2 CPF responsible: " + responsible);
					char documentType = line.charAt(48);
					check(documentType == '1' || documentType == '2', "type 2 employer id type");
					String document = line.substring(49, 63);
					check(document.strip().matches(documentType == '1' ? "\\d{14}" : "\\d{11}"),
							"type 2 CNPJ/CPF " + document);
					employers.add(new Employer(nsr, recordedAt, responsible, documentType, document.strip(),
							line.substring(63, 77).strip(), line.substring(77, 227).strip(),
							line.substring(227, 327).strip()));
				}
				case '4' -> {
					check(line.length() == 73, "type 4 has 73 characters");
					crc(line, 69);
				}
				case '5' -> {
					check(line.length() == 118, "type 5 has 118 characters, not " + line.length());
					crc(line, 114);
					String recordedAt = line.substring(10, 34);
					check(DH.matcher(recordedAt).matches(), "type 5 date-time " + recordedAt);
					char operation = line.charAt(34);
					check(operation == 'I' || operation == 'A' || operation == 'E', "type 5 operation I, A or E");
					String cpf = line.substring(35, 47);
					check(cpf.matches("\\d{12}") || cpf.matches("\\d{11} "), "type 5 CPF in 12 positions: " + cpf);
					check(line.substring(99, 103).equals("    "), "type 5 other identification data are spaces");
					String responsible = line.substring(103, 114);
					check(responsible.matches("\\d{11}"), "type 5 CPF responsible: " + responsible);
					employees.add(new Employee(nsr, recordedAt, operation, cpf, line.substring(47, 99).stripTrailing(),
							responsible));
				}
				case '6' -> {
					check(line.length() == 36, "type 6 has 36 characters");
					check(DH.matcher(line.substring(10, 34)).matches(), "type 6 date-time");
					check(line.substring(34).matches("0[278]"), "type 6 REP-P event code");
				}
				case '7' -> {
					check(line.length() == 137, "type 7 has 137 characters, not " + line.length());
					String punchedAt = line.substring(10, 34);
					String cpf = line.substring(34, 46);
					String recordedAt = line.substring(46, 70);
					check(DH.matcher(punchedAt).matches(), "punch date-time " + punchedAt);
					check(DH.matcher(recordedAt).matches(), "recorded date-time " + recordedAt);
					check(cpf.matches("\\d{12}") || cpf.matches("\\d{11} "), "CPF in 12 positions: " + cpf);
					String collector = line.substring(70, 72);
					check(collector.matches("0[1-5]"), "collector 01..05");
					char offline = line.charAt(72);
					check(offline == '0' || offline == '1', "on/off-line flag");
					String hash = line.substring(73);
					String expected = sha256(line.substring(0, 73) + previousHash);
					check(hash.equalsIgnoreCase(expected),
							"NSR " + nsr + ": the hash chain breaks (expected " + expected + ")");
					previousHash = hash;
					punches.add(new Punch(nsr, punchedAt, cpf, recordedAt, collector, offline, hash));
				}
				default -> throw new AssertionError("unexpected record type " + type);
			}
			counts[type - '0']++;
			entries.add(new Entry(nsr, type));
		}
		for (int type = 2; type <= 7; type++) {
			long declared = Long.parseLong(trailer.substring(9 + (type - 2) * 9, 18 + (type - 2) * 9));
			check(declared == counts[type], "trailer count of type " + type + ": " + declared + " but " + counts[type]);
		}
		check(DH.matcher(header.substring(226, 250)).matches(), "generation date-time");
		return new Content(header.substring(10, 11), header.substring(11, 25).strip(),
				header.substring(39, 189).strip(), header.substring(189, 206).strip(), header.substring(206, 216),
				header.substring(216, 226), header.substring(226, 250), header.substring(250, 253), punches,
				previousHash, entries, employers, employees, counts);
	}

	private static void crc(String line, int length) {
		String expected = kermit(line.substring(0, length).getBytes(StandardCharsets.ISO_8859_1));
		check(line.substring(length, length + 4).equalsIgnoreCase(expected), "CRC of " + line.substring(0, 10));
	}

	/** CRC-16/KERMIT with a lookup table (the exporter computes it bit by bit). */
	public static String kermit(byte[] bytes) {
		int[] table = new int[256];
		for (int i = 0; i < 256; i++) {
			int c = i;
			for (int k = 0; k < 8; k++) {
				c = (c & 1) == 1 ? (c >> 1) ^ 0x8408 : c >> 1;
			}
			table[i] = c;
		}
		int crc = 0x0000;
		for (byte b : bytes) {
			crc = (crc >> 8) ^ table[(crc ^ b) & 0xff];
		}
		return String.format("%02X%02X", (crc >> 8) & 0xff, crc & 0xff);
	}

	static String sha256(String text) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
		}
		catch (java.security.NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void check(boolean condition, String rule) {
		if (!condition) {
			throw new AssertionError("AFD: " + rule);
		}
	}

}
