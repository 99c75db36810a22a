package br.suite.timeclock.legalfiles;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Afd;
import br.suite.timeclock.AfdRecords;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.RepSettings;
import br.suite.timeclock.TimeclockProblems;

/**
 * Writes the AFD of an establishment's REP-P for a period: header (type 1), the employer
 * and employee records (types 2 and 5) and the punches (type 7), each exactly as fixed
 * when it was recorded, in NSR order, the trailer (type 9) with the count of each type,
 * and the signature line, ISO-8859-1 with CRLF.
 */
@Service
class AfdExport {

	private final JdbcClient jdbc;

	private final Establishments establishments;

	private final RepSettings settings;

	private final AfdRecords records;

	private final GeneratedFiles generations;

	AfdExport(JdbcClient jdbc, Establishments establishments, RepSettings settings, AfdRecords records,
			GeneratedFiles generations) {
		this.jdbc = jdbc;
		this.generations = generations;
		this.records = records;
		this.establishments = establishments;
		this.settings = settings;
	}

	private record Row(long nsr, long employeeId, String employeeName, @Nullable String cpf, String line,
			Instant occurredAt) {
	}

	/**
	 * A line of the file between header and trailer: its NSR, type, text and the instant
	 * that places it in a period.
	 */
	private record Record(long nsr, char type, String line, Instant at) {
	}

	/**
	 * One snapshot for punches and records, so a record committed meanwhile never shows
	 * as a gap. The header's generation time is the server's: without {@code generatedAt}
	 * it is now, and the generation is recorded with the file's SHA-256;
	 * {@code generatedAt} only names such a recorded generation of the same establishment
	 * and parameters (else 400), and the file is answered only while its bytes are still
	 * those (else 409 {@code afd_changed}). So nobody can have a file signed with a time
	 * of their choosing.
	 */
	@Transactional(isolation = Isolation.REPEATABLE_READ)
	GeneratedFile export(AfdRequest request) {
		Long establishmentId = request.establishmentId();
		LocalDate dateFrom = request.dateFrom();
		LocalDate dateTo = request.dateTo();
		boolean allowIncomplete = request.allowIncomplete();
		Instant generatedAt = request.generatedAt();
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Establishment establishment = this.establishments.named(establishmentId, errors);
		if (dateFrom != null && dateTo != null && dateTo.isBefore(dateFrom)) {
			errors.add("date_to", "must not be before date_from");
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
		List<String> issued = List.of();
		if (generatedAt != null && establishment != null) {
			issued = this.generations.issued(GeneratedFiles.Kind.AFD,
					new GeneratedFiles.Parameters(establishment.id(), dateFrom, dateTo, allowIncomplete), generatedAt);
			if (issued.isEmpty()) {
				errors.add("generated_at",
						"must be the " + AfdController.GENERATED_AT
								+ " of an AFD this server generated for the same establishment and parameters; "
								+ "the generation time is the server's");
			}
		}
		errors.throwIfAny();
		if (establishment.employerDocument() == null) {
			throw new TimeclockProblems.EmployerDocumentRequired(establishment.id());
		}
		ZoneId zone = establishment.timeZone();
		Instant from = dateFrom == null ? null : dateFrom.atStartOfDay(zone).toInstant();
		Instant to = dateTo == null ? null : dateTo.plusDays(1).atStartOfDay(zone).toInstant();
		StringBuilder where = new StringBuilder(" WHERE establishment_id = :id AND afd_line IS NOT NULL");
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("id", establishment.id());
		if (from != null) {
			where.append(" AND occurred_at >= :from");
			params.put("from", Timestamp.from(from));
		}
		if (to != null) {
			where.append(" AND occurred_at < :to");
			params.put("to", Timestamp.from(to));
		}
		List<Row> rows = this.jdbc.sql(
				"SELECT nsr, employee_id, employee_name, employee_cpf, afd_line, afd_hash, occurred_at FROM timeclock_punch"
						+ where + " ORDER BY nsr")
			.params(params)
			.query((rs, n) -> new Row(rs.getLong("nsr"), rs.getLong("employee_id"), rs.getString("employee_name"),
					rs.getString("employee_cpf"), rs.getString("afd_line") + rs.getString("afd_hash"),
					rs.getTimestamp("occurred_at").toInstant()))
			.list();
		Map<Long, String> withoutCpf = new LinkedHashMap<>();
		rows.stream()
			.filter(r -> r.cpf() == null)
			.forEach(r -> withoutCpf.putIfAbsent(r.employeeId(), r.employeeName()));
		if (!withoutCpf.isEmpty() && !allowIncomplete) {
			List<Map<String, Object>> listed = new ArrayList<>();
			withoutCpf.forEach((id, name) -> listed.add(Map.of("id", id, "name", name)));
			throw new TimeclockProblems.EmployeeCpfRequired(listed);
		}
		// Punches (type 7) by the date of the punch, the other records by the date they
		// were recorded; all in NSR order.
		List<Record> records = new ArrayList<>();
		rows.forEach(r -> records.add(new Record(r.nsr(), '7', r.line(), r.occurredAt())));
		this.records.between(establishment.id(), from, to)
			.forEach(r -> records.add(new Record(r.nsr(), r.type(), r.line(), r.recordedAt())));
		records.sort(Comparator.comparingLong(Record::nsr));
		Instant generated = generatedAt == null ? now : generatedAt;
		LocalDate first = dateFrom != null ? dateFrom
				: records.stream()
					.map(Record::at)
					.min(Comparator.naturalOrder())
					.orElse(generated)
					.atZone(zone)
					.toLocalDate();
		LocalDate last = dateTo != null ? dateTo
				: records.stream()
					.map(Record::at)
					.max(Comparator.naturalOrder())
					.orElse(generated)
					.atZone(zone)
					.toLocalDate();

		StringBuilder file = new StringBuilder();
		String developer = this.settings.developerDocument().replaceAll("[^0-9A-Za-z]", "");
		String header = "000000000" + "1" + establishment.employerDocumentType()
				+ Afd.pad(establishment.employerDocument(), 14) + Afd.pad(establishment.ceiCaepfCno(), 14)
				+ Afd.pad(establishment.name(), 150) + Afd.pad(digits(this.settings.inpiRegistration()), 17) + first
				+ last + Afd.dh(generated, zone) + Afd.pad(this.settings.afdLayoutVersion(), 3)
				+ (developer.isEmpty() ? " " : developer.length() == 11 ? "2" : "1") + Afd.pad(developer, 14)
				+ Afd.pad("", 30);
		line(file, Afd.withCrc(header));
		long[] counts = new long[8];
		for (Record record : records) {
			line(file, record.line());
			counts[record.type() - '0']++;
		}
		StringBuilder trailer = new StringBuilder("999999999");
		for (int type = 2; type <= 7; type++) {
			trailer.append(Afd.number(counts[type], 9));
		}
		line(file, trailer.append('9').toString());
		line(file, Afd.SIGNATURE_LINE);
		String name = "AFD" + digits(this.settings.inpiRegistration()) + establishment.employerDocument() + "REP_P.txt";
		byte[] bytes = file.toString().getBytes(StandardCharsets.ISO_8859_1);
		String sha256 = Sha256.hex(bytes);
		if (generatedAt == null) {
			this.generations.record(GeneratedFiles.Kind.AFD,
					new GeneratedFiles.Parameters(establishment.id(), dateFrom, dateTo, allowIncomplete), generated,
					sha256);
		}
		else if (!issued.contains(sha256)) {
			throw new TimeclockProblems.AfdChanged(generatedAt);
		}
		return new GeneratedFile(name, bytes, generated);
	}

	private static void line(StringBuilder file, String record) {
		file.append(record).append("\r\n");
	}

	private static String digits(String text) {
		return text.replaceAll("[^0-9]", "");
	}

}
