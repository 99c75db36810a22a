package br.suite.timeclock.payroll;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.TimeclockExportProblems;
import br.suite.timeclock.payroll.PayrollLayoutRequest.PayrollColumn;
import br.suite.timeclock.payroll.PayrollLayoutRequest.PayrollEvent;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Payroll export layouts (issue 27): validated, stored, audited. */
@Service
class PayrollLayouts {

	private static final List<String> KEYS = List.of("cpf", "matricula", "user_id");

	private static final List<String> SEPARATORS = List.of(";", ",", "|", "\\t");

	private static final List<String> PADS = List.of("zeros_left", "spaces_left", "spaces_right");

	private static final List<String> UNITS = List.of("hh_mm", "decimal", "minutes");

	private final JdbcClient jdbc;

	private final JsonMapper json;

	private final AuditLog audit;

	PayrollLayouts(JdbcClient jdbc, JsonMapper json, AuditLog audit) {
		this.jdbc = jdbc;
		this.json = json;
		this.audit = audit;
	}

	@Transactional(readOnly = true)
	List<PayrollLayout> list() {
		return this.jdbc.sql("SELECT * FROM timeclock_payroll_layout ORDER BY id").query(this::layout).list();
	}

	@Transactional(readOnly = true)
	PayrollLayout get(long id) {
		return this.jdbc.sql("SELECT * FROM timeclock_payroll_layout WHERE id = :id")
			.param("id", id)
			.query(this::layout)
			.optional()
			.orElseThrow(() -> new TimeclockExportProblems.PayrollLayoutNotFound(id));
	}

	@Transactional
	PayrollLayout create(PayrollLayoutRequest request) {
		PayrollLayout valid = validate(request);
		long id;
		try {
			id = this.jdbc.sql("""
					INSERT INTO timeclock_payroll_layout (name, format, separator, header, decimal_separator,
					    employee_key, month_pattern, skip_zero, columns, events)
					VALUES (:name, :format, :separator, :header, :decimal, :key, :pattern, :skipZero,
					    CAST(:columns AS jsonb), CAST(:events AS jsonb)) RETURNING id""")
				.params(params(valid))
				.query(Long.class)
				.single();
		}
		catch (DuplicateKeyException ex) {
			throw new TimeclockExportProblems.PayrollLayoutNameTaken(valid.name());
		}
		this.audit.record("timeclock.payroll_layout.created", "payroll_layout", id,
				AuditLog.Changes.of().created("name", valid.name()).created("definition", definition(valid)));
		return get(id);
	}

	@Transactional
	PayrollLayout update(long id, PayrollLayoutRequest request) {
		PayrollLayout before = get(id);
		PayrollLayout valid = validate(request);
		java.util.Map<String, Object> params = params(valid);
		params.put("id", id);
		try {
			this.jdbc.sql("""
					UPDATE timeclock_payroll_layout SET name = :name, format = :format, separator = :separator,
					    header = :header, decimal_separator = :decimal, employee_key = :key, month_pattern = :pattern,
					    skip_zero = :skipZero, columns = CAST(:columns AS jsonb), events = CAST(:events AS jsonb),
					    updated_at = now() WHERE id = :id""").params(params).update();
		}
		catch (DuplicateKeyException ex) {
			throw new TimeclockExportProblems.PayrollLayoutNameTaken(valid.name());
		}
		this.audit.record("timeclock.payroll_layout.changed", "payroll_layout", id,
				AuditLog.Changes.of()
					.diff("name", before.name(), valid.name())
					.diff("definition", definition(before), definition(valid)));
		return get(id);
	}

	@Transactional
	void delete(long id) {
		PayrollLayout before = get(id);
		this.jdbc.sql("DELETE FROM timeclock_payroll_layout WHERE id = :id").param("id", id).update();
		this.audit.record("timeclock.payroll_layout.deleted", "payroll_layout", id,
				AuditLog.Changes.of().put("name", before.name(), null).put("definition", definition(before), null));
	}

	/** Every rule of docs/api.md § Payroll export; 400 naming each bad field. */
	static PayrollLayout validate(PayrollLayoutRequest r) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String name = r.name() == null ? "" : r.name().strip();
		if (name.isEmpty() || name.length() > 120) {
			errors.add("name", "is required, up to 120 characters");
		}
		String format = r.format();
		if (!"csv".equals(format) && !"fixed_width".equals(format)) {
			errors.add("format", "must be csv or fixed_width");
		}
		String separator = r.separator() == null ? ";" : r.separator();
		if (!SEPARATORS.contains(separator)) {
			errors.add("separator", "must be one of ; , | \\t");
		}
		String decimal = r.decimalSeparator() == null ? "," : r.decimalSeparator();
		if (!",".equals(decimal) && !".".equals(decimal)) {
			errors.add("decimal_separator", "must be , or .");
		}
		if (r.employeeKey() == null || !KEYS.contains(r.employeeKey())) {
			errors.add("employee_key", "must be cpf, matricula or user_id");
		}
		String pattern = r.monthPattern() == null ? "MM/yyyy" : r.monthPattern();
		if (!pattern.matches("[yM/.\\- ]{1,20}") || !pattern.contains("yy")) {
			errors.add("month_pattern", "letters y and M with / . - or space, at most 20 (e.g. MM/yyyy, yyyyMM)");
		}
		else {
			DateTimeFormatter.ofPattern(pattern, Locale.ROOT).format(LocalDate.of(2026, 1, 1));
		}
		List<PayrollColumn> columns = new ArrayList<>();
		if (r.columns() == null || r.columns().isEmpty()) {
			errors.add("columns", "at least one column");
		}
		else {
			for (int i = 0; i < r.columns().size(); i++) {
				PayrollColumn c = r.columns().get(i);
				String at = "columns[" + i + "]";
				if (c == null || c.field() == null || !PayrollFile.FIELDS.contains(c.field())) {
					errors.add(at + ".field", "must be one of " + String.join(", ", PayrollFile.FIELDS));
					continue;
				}
				String pad = c.pad() == null ? ("quantity".equals(c.field()) ? "zeros_left" : "spaces_right") : c.pad();
				if ("fixed_width".equals(format)) {
					if (c.width() == null || c.width() < 1 || c.width() > 100) {
						errors.add(at + ".width", "is required for fixed_width, 1 to 100");
					}
					if (!PADS.contains(pad)) {
						errors.add(at + ".pad", "must be zeros_left, spaces_left or spaces_right");
					}
				}
				if (c.title() != null && c.title().length() > 60) {
					errors.add(at + ".title", "at most 60 characters");
				}
				columns.add(new PayrollColumn(c.field(), c.width(), pad, c.title()));
			}
			if (columns.stream().noneMatch(c -> "quantity".equals(c.field()))
					|| columns.stream().noneMatch(c -> "event_code".equals(c.field()))
					|| columns.stream().noneMatch(c -> "employee_key".equals(c.field()))) {
				errors.add("columns", "must include employee_key, event_code and quantity");
			}
		}
		List<PayrollEvent> events = new ArrayList<>();
		Set<String> mapped = new HashSet<>();
		if (r.events() == null || r.events().isEmpty()) {
			errors.add("events", "at least one month total mapped to an event code");
		}
		else {
			for (int i = 0; i < r.events().size(); i++) {
				PayrollEvent e = r.events().get(i);
				String at = "events[" + i + "]";
				if (e == null || e.total() == null || !PayrollFile.TOTALS.contains(e.total())) {
					errors.add(at + ".total", "must be one of " + String.join(", ", PayrollFile.TOTALS));
					continue;
				}
				if (!mapped.add(e.total())) {
					errors.add(at + ".total", e.total() + " is mapped twice");
				}
				String code = e.code() == null ? "" : e.code().strip();
				if (code.isEmpty() || code.length() > 20) {
					errors.add(at + ".code", "is required, up to 20 characters");
				}
				String unit = e.unit() == null ? ("dsr_lost_days".equals(e.total()) ? "days" : "hh_mm") : e.unit();
				if ("dsr_lost_days".equals(e.total()) ? !"days".equals(unit) : !UNITS.contains(unit)) {
					errors.add(at + ".unit", "dsr_lost_days".equals(e.total()) ? "must be days (a count of days)"
							: "must be hh_mm, decimal or minutes");
				}
				events.add(new PayrollEvent(e.total(), code, unit));
			}
		}
		errors.throwIfAny();
		return new PayrollLayout(0, name, format, separator, Boolean.TRUE.equals(r.header()), decimal, r.employeeKey(),
				pattern, r.skipZero() == null || r.skipZero(), columns, events, null, null);
	}

	private java.util.Map<String, Object> params(PayrollLayout valid) {
		java.util.Map<String, Object> params = new java.util.HashMap<>();
		params.put("name", valid.name());
		params.put("format", valid.format());
		params.put("separator", valid.separator());
		params.put("header", valid.header());
		params.put("decimal", valid.decimalSeparator());
		params.put("key", valid.employeeKey());
		params.put("pattern", valid.monthPattern());
		params.put("skipZero", valid.skipZero());
		params.put("columns", this.json.writeValueAsString(valid.columns()));
		params.put("events", this.json.writeValueAsString(valid.events()));
		return params;
	}

	private String definition(PayrollLayout layout) {
		return this.json.writeValueAsString(new PayrollLayout(0, layout.name(), layout.format(), layout.separator(),
				layout.header(), layout.decimalSeparator(), layout.employeeKey(), layout.monthPattern(),
				layout.skipZero(), layout.columns(), layout.events(), null, null));
	}

	private PayrollLayout layout(ResultSet rs, int n) throws SQLException {
		return new PayrollLayout(rs.getLong("id"), rs.getString("name"), rs.getString("format"),
				rs.getString("separator"), rs.getBoolean("header"), rs.getString("decimal_separator"),
				rs.getString("employee_key"), rs.getString("month_pattern"), rs.getBoolean("skip_zero"),
				this.json.readValue(rs.getString("columns"), new TypeReference<List<PayrollColumn>>() {
				}), this.json.readValue(rs.getString("events"), new TypeReference<List<PayrollEvent>>() {
				}), rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant());
	}

}
