package br.suite.timeclock.legalfiles;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import br.suite.timeclock.Afd;
import br.suite.timeclock.Timesheet;

/**
 * Writes the AEJ (Arquivo Eletrônico de Jornada, Portaria MTP 671/2021 art. 83; layout of
 * the gov.br PDF, docs/api.md § AEJ) from espelho days: records 01-05, 07, 08, the
 * trailer 99 and the signature line; fields separated by {@code |}, no padding, CRLF.
 * Pure: the caller encodes it in ISO-8859-1.
 */
final class AejFile {

	static final String ZERO_PATTERN = "FOLGA";

	private static final DateTimeFormatter HHMM = DateTimeFormatter.ofPattern("HHmm", Locale.ROOT);

	/** Record 01's values. */
	record Header(int employerType, String employerDocument, String caepf, String cno, String name, LocalDate from,
			LocalDate to, String generated, String version) {
	}

	/** Record 08's values (empty when not configured). */
	record Program(String name, String version, String developerDocument, String developerName, String developerEmail) {
	}

	/**
	 * An employee (record 03) and the espelho days of the period; {@code nightReduced}
	 * says whether the schedule in force on a date uses the reduced night hour.
	 */
	record Link(String cpf, String name, List<Timesheet.Day> days, Predicate<LocalDate> nightReduced) {
	}

	private AejFile() {
	}

	static String write(Header header, String inpi, Program program, List<Link> links, ZoneId zone) {
		int[] counts = new int[9];
		StringBuilder out = new StringBuilder();
		line(out, counts, "01", Integer.toString(header.employerType()), header.employerDocument(), header.caepf(),
				header.cno(), text(header.name(), 150), header.from().toString(), header.to().toString(),
				header.generated(), header.version());
		line(out, counts, "02", "1", "3", inpi);
		for (int i = 0; i < links.size(); i++) {
			line(out, counts, "03", Integer.toString(i + 1), links.get(i).cpf(), text(links.get(i).name(), 150));
		}
		Map<String, String> codes = new LinkedHashMap<>();
		Map<String, List<String>> patterns = new LinkedHashMap<>();
		List<String[]> marks = new ArrayList<>();
		List<String[]> absences = new ArrayList<>();
		for (int i = 0; i < links.size(); i++) {
			String link = Integer.toString(i + 1);
			for (Timesheet.Day day : links.get(i).days()) {
				List<Timesheet.Mark> ofDay = new ArrayList<>(day.marks());
				ofDay.sort(Comparator.comparing(m -> m.at().toInstant()));
				int considered = 0;
				for (Timesheet.Mark mark : ofDay) {
					String at = Afd.dh(mark.at().toInstant(), zone);
					boolean punch = "punch".equals(mark.origin());
					if (mark.disregarded()) {
						int pair = considered == 0 ? 1 : (considered + 1) / 2;
						marks.add(new String[] { "05", link, at, "1", "D", seq(pair), "O", "", reason(mark) });
						continue;
					}
					String code = "";
					if (considered == 0) {
						List<String> pattern = pattern(day, links.get(i).nightReduced().test(day.date()));
						String key = String.join("|", pattern);
						code = codes.computeIfAbsent(key, k -> pattern.get(0).equals("0") ? ZERO_PATTERN
								: "P" + (codes.values().stream().filter(c -> !ZERO_PATTERN.equals(c)).count() + 1));
						patterns.putIfAbsent(code, pattern);
					}
					marks.add(new String[] { "05", link, at, punch ? "1" : "", considered % 2 == 0 ? "E" : "S",
							seq(considered / 2 + 1), punch ? "O" : "I", code, punch ? "" : reason(mark) });
					considered++;
				}
				if (day.open()) {
					continue;
				}
				String date = day.date().toString();
				if ("rest".equals(day.kind())) {
					absences.add(new String[] { "07", link, "1", date, "", "" });
				}
				if (day.flags().contains("unjustified_absence")) {
					absences.add(new String[] { "07", link, "2", date, Integer.toString(day.absenceMinutes()), "" });
				}
				if (day.bankMinutes() != 0) {
					absences.add(new String[] { "07", link, "3", date, Integer.toString(Math.abs(day.bankMinutes())),
							day.bankMinutes() > 0 ? "1" : "2" });
				}
			}
		}
		patterns.forEach((code, pattern) -> {
			List<String> fields = new ArrayList<>(List.of("04", code));
			fields.addAll(pattern);
			line(out, counts, fields.toArray(String[]::new));
		});
		marks.forEach(fields -> line(out, counts, fields));
		absences.forEach(fields -> line(out, counts, fields));
		line(out, counts, "08", text(program.name(), 150), text(program.version(), 8), developerType(program),
				program.developerDocument(), text(program.developerName(), 150), text(program.developerEmail(), 50));
		List<String> trailer = new ArrayList<>(List.of("99"));
		for (int type = 1; type <= 8; type++) {
			trailer.add(Integer.toString(counts[type]));
		}
		out.append(String.join("|", trailer)).append("\r\n");
		out.append(Afd.SIGNATURE_LINE).append("\r\n");
		return out.toString();
	}

	/**
	 * durJornada and the entry/exit pairs of the day's contractual pattern; a day without
	 * contractual work (rest, off, holiday, unassigned) is {@code 0|0000|0000}.
	 */
	static List<String> pattern(Timesheet.Day day, boolean nightReduced) {
		if (!"work".equals(day.kind()) || day.expected().isEmpty()) {
			return List.of("0", "0000", "0000");
		}
		List<String> pairs = new ArrayList<>();
		long clock = 0;
		long night = 0;
		for (Timesheet.Scheduled interval : day.expected()) {
			LocalTime start = interval.start().toLocalTime();
			long minutes = Duration.between(interval.start(), interval.end()).toMinutes();
			clock += minutes;
			for (long m = 0; m < minutes; m++) {
				int of = start.plusMinutes(m).toSecondOfDay() / 60;
				night += of >= 22 * 60 || of < 5 * 60 ? 1 : 0;
			}
			pairs.add(HHMM.format(start));
			pairs.add(HHMM.format(interval.end().toLocalTime()));
		}
		long duration = nightReduced ? clock - night + night * 8 / 7 : clock;
		List<String> pattern = new ArrayList<>();
		pattern.add(Long.toString(duration));
		pattern.addAll(pairs);
		return pattern;
	}

	private static String developerType(Program program) {
		return switch (program.developerDocument().length()) {
			case 11 -> "2";
			case 14 -> "1";
			default -> "";
		};
	}

	private static String reason(Timesheet.Mark mark) {
		return text(mark.reason(), 150);
	}

	private static String seq(int pair) {
		return String.format(Locale.ROOT, "%03d", pair);
	}

	/**
	 * A text field: {@code |}, CR and LF become spaces, cut to the layout's size;
	 * characters outside ISO-8859-1 become {@code ?} when encoded.
	 */
	static String text(@Nullable String value, int size) {
		String text = value == null ? "" : value.replace('|', ' ').replace('\r', ' ').replace('\n', ' ').strip();
		return text.length() > size ? text.substring(0, size) : text;
	}

	private static void line(StringBuilder out, int[] counts, String... fields) {
		counts[Integer.parseInt(fields[0])]++;
		out.append(String.join("|", fields)).append("\r\n");
	}

}
