package br.suite.timeclock.legalfiles;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Afd;
import br.suite.timeclock.DateSpans;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.RepSettings;
import br.suite.timeclock.TimeclockExportProblems;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.Timesheet;
import br.suite.timeclock.jornada.Assignment;
import br.suite.timeclock.schedule.Schedules;
import br.suite.timeclock.timesheet.Timesheets;

/**
 * The AEJ of an establishment for a period (docs/api.md § AEJ): closed months from their
 * frozen espelhos (marks as treated and the figures of record 07), open months computed
 * from current data as the espelho is. Generation times are recorded, as for the AFD, so
 * the same bytes can be fetched again for the signature.
 */
@Service
class AejExport {

	static final int MAX_DAYS = 366;

	private final GeneratedFiles generations;

	private final Establishments establishments;

	private final RepSettings settings;

	private final MonthClosings closings;

	private final Timesheets timesheets;

	private final Schedules schedules;

	private final AccessDirectory users;

	AejExport(GeneratedFiles generations, Establishments establishments, RepSettings settings, MonthClosings closings,
			Timesheets timesheets, Schedules schedules, AccessDirectory users) {
		this.generations = generations;
		this.establishments = establishments;
		this.settings = settings;
		this.closings = closings;
		this.timesheets = timesheets;
		this.schedules = schedules;
		this.users = users;
	}

	private record Employee(long id, @Nullable String cpf, String name, List<Timesheet.Day> days) {
	}

	@Transactional(isolation = Isolation.REPEATABLE_READ)
	GeneratedFile export(AfdRequest request) {
		Long establishmentId = request.establishmentId();
		LocalDate from = request.dateFrom();
		LocalDate to = request.dateTo();
		boolean allowIncomplete = request.allowIncomplete();
		Instant generatedAt = request.generatedAt();
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Establishment establishment = this.establishments.named(establishmentId, errors);
		DateSpans.check(from, to, MAX_DAYS, errors);
		List<String> issued = List.of();
		if (generatedAt != null && establishment != null && from != null && to != null) {
			issued = this.generations.issued(GeneratedFiles.Kind.AEJ,
					new GeneratedFiles.Parameters(establishment.id(), from, to, allowIncomplete), generatedAt);
			if (issued.isEmpty()) {
				errors.add("generated_at", "must be the " + AejController.GENERATED_AT
						+ " of an AEJ this server generated for the same establishment and parameters");
			}
		}
		errors.throwIfAny();
		if (establishment.employerDocument() == null) {
			throw new TimeclockProblems.EmployerDocumentRequired(establishment.id());
		}
		ZoneId zone = establishment.timeZone();
		Map<Long, Employee> employees = new TreeMap<>();
		for (YearMonth month = YearMonth.from(from); !month.isAfter(YearMonth.from(to)); month = month.plusMonths(1)) {
			List<MonthClosings.ClosedTimesheet> frozen = this.closings.frozen(establishment.id(), month, true);
			List<Timesheet> sheets = new ArrayList<>();
			if (!frozen.isEmpty()) {
				frozen.forEach(closed -> sheets.add(closed.timesheet()));
			}
			else {
				for (AccessDirectory.UserSummary user : this.users.employeesOf(establishment.id(),
						establishment.id() == Establishments.DEFAULT)) {
					sheets.add(this.timesheets.of(user.id(), month.toString()));
				}
			}
			for (Timesheet sheet : sheets) {
				Employee employee = employees.computeIfAbsent(sheet.employeeId(),
						id -> new Employee(id, sheet.employeeCpf(), sheet.employeeName(), new ArrayList<>()));
				sheet.days()
					.stream()
					.filter(d -> !d.date().isBefore(from) && !d.date().isAfter(to))
					.forEach(employee.days()::add);
			}
		}
		List<AejFile.Link> links = new ArrayList<>();
		List<Map<String, Object>> withoutCpf = new ArrayList<>();
		for (Employee employee : employees.values()) {
			boolean present = employee.days()
				.stream()
				.anyMatch(d -> !d.marks().isEmpty() || d.expectedMinutes() > 0 || d.bankMinutes() != 0
						|| "rest".equals(d.kind()));
			if (!present) {
				continue;
			}
			if (employee.cpf() == null) {
				withoutCpf.add(Map.of("id", employee.id(), "name", employee.name()));
				continue;
			}
			List<Assignment> assignments = this.schedules.assignmentsFor(employee.id());
			links.add(new AejFile.Link(employee.cpf(), employee.name(), employee.days(),
					date -> assignments.stream()
						.filter(a -> !a.validFrom().isAfter(date))
						.reduce((a, b) -> b.validFrom().isAfter(a.validFrom()) ? b : a)
						.map(a -> a.schedule().nightReducedHour())
						.orElse(true)));
		}
		if (!withoutCpf.isEmpty() && !allowIncomplete) {
			throw new TimeclockExportProblems.AejCpfRequired(withoutCpf);
		}
		Instant generated = generatedAt == null ? Instant.now().truncatedTo(ChronoUnit.MICROS) : generatedAt;
		String cno = establishment.ceiCaepfCno() == null ? "" : establishment.ceiCaepfCno().replaceAll("[^0-9]", "");
		String developer = digits(this.settings.developerDocument());
		AejFile.Header header = new AejFile.Header(establishment.employerDocumentType(),
				establishment.employerDocument(), cno.length() == 14 ? cno : "", cno.length() == 12 ? cno : "",
				establishment.name(), from, to, Afd.dh(generated, zone), this.settings.aejLayoutVersion());
		AejFile.Program program = new AejFile.Program(this.settings.programName(), this.settings.programVersion(),
				developer, this.settings.developerName(), this.settings.developerEmail());
		String text = AejFile.write(header, digits(this.settings.inpiRegistration()), program, links, zone);
		byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
		String sha256 = Sha256.hex(bytes);
		if (generatedAt == null) {
			this.generations.record(GeneratedFiles.Kind.AEJ,
					new GeneratedFiles.Parameters(establishment.id(), from, to, allowIncomplete), generated, sha256);
		}
		else if (!issued.contains(sha256)) {
			throw new TimeclockExportProblems.AejChanged(generatedAt);
		}
		DateTimeFormatter compact = DateTimeFormatter.BASIC_ISO_DATE;
		String name = "AEJ_" + establishment.employerDocument() + "_" + compact.format(from) + "_" + compact.format(to)
				+ ".txt";
		return new GeneratedFile(name, bytes, generated);
	}

	private static String digits(String text) {
		return text.replaceAll("[^0-9]", "");
	}

}
