package br.suite.timeclock.payroll;

import java.nio.charset.StandardCharsets;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockExportProblems;
import br.suite.timeclock.Timesheet;

/**
 * The payroll file of a closed month (issue 27 item 3): the frozen totals of every
 * employee of the establishment's closing, written by a layout. An open month is a 409:
 * the payroll gets only figures that no later change can alter.
 */
@Service
class PayrollExport {

	private final PayrollLayouts layouts;

	private final Establishments establishments;

	private final MonthClosings closings;

	private final AccessDirectory users;

	private final AuditLog audit;

	PayrollExport(PayrollLayouts layouts, Establishments establishments, MonthClosings closings, AccessDirectory users,
			AuditLog audit) {
		this.layouts = layouts;
		this.establishments = establishments;
		this.closings = closings;
		this.users = users;
		this.audit = audit;
	}

	record File(String name, byte[] bytes) {
	}

	@Transactional
	File export(@Nullable Long establishmentId, @Nullable String month, @Nullable Long layoutId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Establishment establishment = this.establishments.named(establishmentId, errors);
		YearMonth yearMonth = null;
		try {
			yearMonth = month == null ? null : YearMonth.parse(month);
		}
		catch (DateTimeParseException ex) {
			// reported below
		}
		if (yearMonth == null) {
			errors.add("month", "is required as YYYY-MM");
		}
		if (layoutId == null) {
			errors.add("layout_id", "is required");
		}
		errors.throwIfAny();
		PayrollLayout layout;
		try {
			layout = this.layouts.get(layoutId);
		}
		catch (TimeclockExportProblems.PayrollLayoutNotFound ex) {
			throw InvalidRequest.of("layout_id", "payroll layout " + layoutId + " does not exist");
		}
		List<MonthClosings.ClosedTimesheet> frozen = this.closings.frozen(establishment.id(), yearMonth, false);
		if (frozen.isEmpty()) {
			throw new TimeclockExportProblems.ExportMonthNotClosed(establishment.id(), yearMonth.toString());
		}
		List<PayrollFile.Employee> employees = new ArrayList<>();
		List<Long> missing = new ArrayList<>();
		for (MonthClosings.ClosedTimesheet closed : frozen) {
			Timesheet sheet = closed.timesheet();
			AccessDirectory.UserSummary user = this.users.find(sheet.employeeId()).orElse(null);
			String key = switch (layout.employeeKey()) {
				case "cpf" -> user == null ? null : user.cpf();
				case "matricula" -> user == null ? null : user.matricula();
				default -> Long.toString(sheet.employeeId());
			};
			if (key == null) {
				missing.add(sheet.employeeId());
				continue;
			}
			employees.add(new PayrollFile.Employee(sheet.employeeId(), key, totals(sheet)));
		}
		if (!missing.isEmpty()) {
			throw new TimeclockExportProblems.EmployeeKeyMissing(layout.employeeKey(), missing);
		}
		String text;
		try {
			text = PayrollFile.write(layout, yearMonth,
					establishment.employerDocument() == null ? "" : establishment.employerDocument(), employees);
		}
		catch (PayrollFile.TooWide ex) {
			throw new TimeclockExportProblems.PayrollValueTooWide(ex.userId, ex.field, ex.value);
		}
		byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
		this.audit.record("timeclock.payroll.exported", "payroll_layout", layout.id(),
				AuditLog.Changes.of()
					.put("establishment_id", null, establishment.id())
					.put("month", null, yearMonth.toString())
					.put("employees", null, employees.size())
					.put("sha256", null, Sha256.hex(bytes)));
		String name = "folha_" + establishment.id() + "_" + yearMonth + "_layout" + layout.id()
				+ ("csv".equals(layout.format()) ? ".csv" : ".txt");
		return new File(name, bytes);
	}

	/**
	 * The month totals a layout may map (PayrollFile.TOTALS), from the frozen espelho.
	 */
	static Map<String, Long> totals(Timesheet sheet) {
		Map<String, Long> totals = new LinkedHashMap<>();
		totals.put("worked", (long) sheet.workedMinutes());
		totals.put("overtime_50", (long) sheet.overtime50Minutes());
		totals.put("overtime_100", (long) sheet.overtime100Minutes());
		totals.put("night_paid", (long) sheet.nightPaidMinutes());
		totals.put("delay", (long) sheet.delayMinutes());
		totals.put("absence", (long) sheet.absenceMinutes());
		totals.put("justified", (long) sheet.justifiedMinutes());
		totals.put("bank_paid", (long) sheet.bankExpiredCreditMinutes());
		totals.put("dsr_lost_days", (long) sheet.dsrLostCount());
		return totals;
	}

}
