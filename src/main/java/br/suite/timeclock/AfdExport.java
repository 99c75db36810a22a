package br.suite.timeclock;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * Writes the AFD of an establishment's REP-P for a period: header (type 1), the punches (type 7, each exactly as
 * fixed when it was recorded), trailer (type 9) and the signature line, ISO-8859-1 with CRLF.
 */
@Service
class AfdExport {

	private final JdbcClient jdbc;

	private final Establishments establishments;

	private final RepSettings settings;

	AfdExport(JdbcClient jdbc, Establishments establishments, RepSettings settings) {
		this.jdbc = jdbc;
		this.establishments = establishments;
		this.settings = settings;
	}

	/** The file and its name. */
	record File(String name, byte[] bytes, Instant generatedAt) {
	}

	private record Row(long employeeId, String employeeName, @Nullable String cpf, String line, String hash,
			Instant occurredAt) {
	}

	@Transactional(readOnly = true)
	File export(@Nullable Long establishmentId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo,
			boolean allowIncomplete, @Nullable Instant generatedAt) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Establishments.Establishment establishment = null;
		if (establishmentId == null) {
			errors.add("establishment_id", "is required");
		}
		else {
			establishment = this.establishments.find(establishmentId).orElse(null);
			if (establishment == null) {
				errors.add("establishment_id", "establishment " + establishmentId + " does not exist");
			}
		}
		if (dateFrom != null && dateTo != null && dateTo.isBefore(dateFrom)) {
			errors.add("date_to", "must not be before date_from");
		}
		Instant now = Instant.now();
		if (generatedAt != null && generatedAt.isAfter(now)) {
			errors.add("generated_at", "must not be in the future");
		}
		errors.throwIfAny();
		if (establishment.employerDocument() == null) {
			throw new ApiProblem.Conflict("Establishment " + establishment.id() + " has no employer_document (CNPJ or "
					+ "CPF): set it with PATCH /api/timeclock/establishments/" + establishment.id() + "/ first.")
				.with("rule", "employer_document_required");
		}
		ZoneId zone = establishment.timeZone();
		StringBuilder where = new StringBuilder(" WHERE establishment_id = :id AND afd_line IS NOT NULL");
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("id", establishment.id());
		if (dateFrom != null) {
			where.append(" AND occurred_at >= :from");
			params.put("from", Timestamp.from(dateFrom.atStartOfDay(zone).toInstant()));
		}
		if (dateTo != null) {
			where.append(" AND occurred_at < :to");
			params.put("to", Timestamp.from(dateTo.plusDays(1).atStartOfDay(zone).toInstant()));
		}
		List<Row> rows = this.jdbc
			.sql("SELECT employee_id, employee_name, employee_cpf, afd_line, afd_hash, occurred_at FROM timeclock_punch"
					+ where + " ORDER BY nsr")
			.params(params)
			.query((rs, n) -> new Row(rs.getLong("employee_id"), rs.getString("employee_name"), rs.getString("employee_cpf"),
					rs.getString("afd_line"), rs.getString("afd_hash"), rs.getTimestamp("occurred_at").toInstant()))
			.list();
		Map<Long, String> withoutCpf = new LinkedHashMap<>();
		rows.stream().filter(r -> r.cpf() == null).forEach(r -> withoutCpf.putIfAbsent(r.employeeId(), r.employeeName()));
		if (!withoutCpf.isEmpty() && !allowIncomplete) {
			List<Map<String, Object>> listed = new ArrayList<>();
			withoutCpf.forEach((id, name) -> listed.add(Map.of("id", id, "name", name)));
			throw new ApiProblem.Conflict("Punches in this period belong to employees who had no CPF when they punched; "
					+ "their AFD records carry zeros as CPF. Send allow_incomplete=true to export them anyway.")
				.with("rule", "employee_cpf_required")
				.with("employees", listed);
		}
		Instant generated = generatedAt == null ? now : generatedAt;
		LocalDate first = dateFrom != null ? dateFrom
				: rows.isEmpty() ? generated.atZone(zone).toLocalDate() : rows.get(0).occurredAt().atZone(zone).toLocalDate();
		LocalDate last = dateTo != null ? dateTo
				: rows.isEmpty() ? generated.atZone(zone).toLocalDate() : rows.get(rows.size() - 1).occurredAt().atZone(zone).toLocalDate();

		StringBuilder file = new StringBuilder();
		String developer = this.settings.developerDocument().replaceAll("[^0-9A-Za-z]", "");
		String header = "000000000" + "1" + establishment.employerDocumentType()
				+ Afd.pad(establishment.employerDocument(), 14) + Afd.pad(establishment.ceiCaepfCno(), 14)
				+ Afd.pad(establishment.name(), 150) + Afd.pad(digits(this.settings.inpiRegistration()), 17)
				+ first + last + Afd.dh(generated, zone) + Afd.pad(this.settings.afdLayoutVersion(), 3)
				+ (developer.isEmpty() ? " " : developer.length() == 11 ? "2" : "1") + Afd.pad(developer, 14)
				+ Afd.pad("", 30);
		line(file, Afd.withCrc(header));
		for (Row row : rows) {
			line(file, row.line() + row.hash());
		}
		line(file, "999999999" + Afd.number(0, 9) + Afd.number(0, 9) + Afd.number(0, 9) + Afd.number(0, 9)
				+ Afd.number(0, 9) + Afd.number(rows.size(), 9) + "9");
		line(file, Afd.SIGNATURE_LINE);
		String name = "AFD" + digits(this.settings.inpiRegistration()) + establishment.employerDocument() + "REP_P.txt";
		return new File(name, file.toString().getBytes(StandardCharsets.ISO_8859_1), generated);
	}

	private static void line(StringBuilder file, String record) {
		file.append(record).append("\r\n");
	}

	private static String digits(String text) {
		return text.replaceAll("[^0-9]", "");
	}

}
