package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An AEJ reader written from the layout (aej-671.md §2-§3), not from Suite's writer: it
 * checks the bytes, the field count of each record type, the field formats, every
 * reference between records and the trailer's counts, and answers the records by type.
 */
public final class AejReader {

	static final Pattern DH = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:00[+-]\\d{4}");

	static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

	static final Pattern HHMM = Pattern.compile("([01]\\d|2[0-3])[0-5]\\d");

	private static final Map<String, Integer> FIELDS = Map.of("01", 10, "02", 4, "03", 4, "05", 9, "06", 3, "07", 6,
			"08", 7, "99", 9);

	final Map<String, List<String[]>> records = new HashMap<>();

	private AejReader() {
	}

	public List<String[]> of(String type) {
		return this.records.getOrDefault(type, List.of());
	}

	public static AejReader read(byte[] bytes) {
		String text = new String(bytes, StandardCharsets.ISO_8859_1);
		assertThat(new String(bytes, StandardCharsets.ISO_8859_1).getBytes(StandardCharsets.ISO_8859_1))
			.isEqualTo(bytes);
		assertThat(text).endsWith("\r\n");
		String[] lines = text.substring(0, text.length() - 2).split("\r\n", -1);
		for (String line : lines) {
			assertThat(line).as("a bare LF or CR inside a line").doesNotContain("\n").doesNotContain("\r").isNotEmpty();
		}
		assertThat(lines[lines.length - 1]).isEqualTo(String.format("%-100s", "ASSINATURA_DIGITAL_EM_ARQUIVO_P7S"));
		AejReader reader = new AejReader();
		String previous = "00";
		for (int i = 0; i < lines.length - 1; i++) {
			String[] fields = lines[i].split("\\|", -1);
			String type = fields[0];
			assertThat(type).as("record order").isGreaterThanOrEqualTo(previous);
			previous = type;
			if ("04".equals(type)) {
				assertThat(fields.length).as("record 04: %s", lines[i]).isGreaterThanOrEqualTo(5);
				assertThat(fields.length % 2).as("record 04 pairs: %s", lines[i]).isEqualTo(1);
			}
			else {
				assertThat(FIELDS).as("known record type in %s", lines[i]).containsKey(type);
				assertThat(fields.length).as("fields of %s", lines[i]).isEqualTo(FIELDS.get(type));
			}
			for (String field : fields) {
				assertThat(field).as("no padding in %s", lines[i]).isEqualTo(field.strip());
			}
			reader.records.computeIfAbsent(type, t -> new ArrayList<>()).add(fields);
		}
		reader.check();
		return reader;
	}

	private void check() {
		assertThat(of("01")).hasSize(1);
		String[] header = of("01").get(0);
		assertThat(header[1]).isIn("1", "2");
		assertThat(header[2]).matches(header[1].equals("1") ? "\\d{14}" : "\\d{11}");
		assertThat(header[6]).matches(DATE);
		assertThat(header[7]).matches(DATE);
		assertThat(header[8]).matches(DH);
		assertThat(header[9]).isIn("001", "002");
		Set<String> reps = new HashSet<>();
		for (String[] rep : of("02")) {
			assertThat(rep[2]).isIn("1", "2", "3");
			assertThat(reps.add(rep[1])).as("unique idRepAej").isTrue();
		}
		Set<String> links = new HashSet<>();
		for (String[] link : of("03")) {
			assertThat(link[2]).matches("\\d{11}");
			assertThat(link[3]).isNotEmpty();
			assertThat(links.add(link[1])).as("unique idtVinculoAej").isTrue();
		}
		Set<String> schedules = new HashSet<>();
		for (String[] schedule : of("04")) {
			assertThat(schedules.add(schedule[1])).as("unique codHorContratual").isTrue();
			assertThat(schedule[2]).matches("\\d{1,12}");
			for (int i = 3; i < schedule.length; i++) {
				assertThat(schedule[i]).as("hour field of 04").matches(i < 5 ? HHMM.pattern() : "(" + HHMM + ")?");
			}
		}
		for (String[] mark : of("05")) {
			String line = Arrays.toString(mark);
			assertThat(links).as("05 → 03 in %s", line).contains(mark[1]);
			assertThat(mark[2]).matches(DH);
			assertThat(mark[3].isEmpty() || reps.contains(mark[3])).as("05 → 02 in %s", line).isTrue();
			assertThat(mark[4]).isIn("E", "S", "D");
			assertThat(mark[5]).matches("\\d{3}");
			assertThat(mark[6]).isIn("O", "I", "P", "X", "T");
			assertThat(mark[7].isEmpty() || schedules.contains(mark[7])).as("05 → 04 in %s", line).isTrue();
			if (mark[4].equals("E") && mark[5].equals("001")) {
				assertThat(mark[7]).as("first entry names its schedule: %s", line).isNotEmpty();
			}
			if (mark[4].equals("D") || mark[6].equals("I")) {
				assertThat(mark[8]).as("motivo of %s", line).isNotEmpty();
			}
			if (mark[6].equals("O")) {
				assertThat(mark[3]).as("an original mark names its REP: %s", line).isNotEmpty();
			}
		}
		for (String[] absence : of("07")) {
			String line = Arrays.toString(absence);
			assertThat(links).as("07 → 03 in %s", line).contains(absence[1]);
			assertThat(absence[2]).isIn("1", "2", "3", "4");
			assertThat(absence[3]).matches(DATE);
			if (absence[2].equals("3")) {
				assertThat(absence[4]).matches("\\d{1,12}");
				assertThat(absence[5]).isIn("1", "2");
			}
			else {
				assertThat(absence[5]).isEmpty();
			}
		}
		assertThat(of("08")).hasSize(1);
		assertThat(of("99")).hasSize(1);
		String[] trailer = of("99").get(0);
		for (int type = 1; type <= 8; type++) {
			assertThat(Integer.parseInt(trailer[type])).as("trailer count of type %02d", type)
				.isEqualTo(of(String.format("%02d", type)).size());
		}
	}

	/** The link id (record 03) of a CPF. */
	public String link(String cpf) {
		return of("03").stream()
			.filter(l -> l[2].equals(cpf))
			.map(l -> l[1])
			.findFirst()
			.orElseThrow(() -> new AssertionError("no record 03 for " + cpf));
	}

}
