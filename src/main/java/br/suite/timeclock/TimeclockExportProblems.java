package br.suite.timeclock;

import java.util.List;
import java.util.Map;

import br.suite.shared.ApiProblem;

/**
 * What the payroll export and the AEJ refuse (issue 27), each named for what happened.
 */
public final class TimeclockExportProblems {

	private TimeclockExportProblems() {
	}

	public static final class PayrollLayoutNotFound extends ApiProblem.NotFound {

		public PayrollLayoutNotFound(long id) {
			super("Payroll layout", id);
		}

	}

	public static final class PayrollLayoutNameTaken extends ApiProblem.Conflict {

		public PayrollLayoutNameTaken(String name) {
			super("A payroll layout is already named \"" + name + "\".");
			with("code", "payroll_layout_name_taken");
		}

	}

	/**
	 * The payroll export and the AEJ's record 07 read a closed month's frozen figures.
	 */
	public static final class ExportMonthNotClosed extends ApiProblem.Conflict {

		public ExportMonthNotClosed(long establishmentId, String month) {
			super("Month " + month + " of establishment " + establishmentId
					+ " is not closed: close it first (POST /api/timeclock/closings/).");
			with("code", "month_not_closed");
			with("establishment_id", establishmentId);
			with("month", month);
		}

	}

	/** Some employees of the export have no value for the layout's employee key. */
	public static final class EmployeeKeyMissing extends ApiProblem.Conflict {

		public EmployeeKeyMissing(String key, List<Long> employeeIds) {
			super("The layout's employee key is " + key + ", which these employees do not have: " + employeeIds
					+ ". Fill it in (PATCH /api/access/users/{id}/) or use another layout.");
			with("code", "employee_key_missing");
			with("employee_key", key);
			with("employee_ids", employeeIds);
		}

	}

	/** A value does not fit its fixed-width column. */
	public static final class PayrollValueTooWide extends ApiProblem.Conflict {

		public PayrollValueTooWide(long employeeId, String field, String value) {
			super("The " + field + " \"" + value + "\" of employee " + employeeId
					+ " is wider than the layout's column; widen the column.");
			with("code", "payroll_value_too_wide");
			with("employee_id", employeeId);
			with("field", field);
		}

	}

	/** The AEJ's only key to an employee is the CPF (record 03). */
	public static final class AejCpfRequired extends ApiProblem.Conflict {

		public AejCpfRequired(List<Map<String, Object>> employees) {
			super("These employees have marks or figures in the period but no CPF, the AEJ's only key to an "
					+ "employee: set their CPF, or send allow_incomplete=true to leave them out.");
			with("rule", "employee_cpf_required");
			with("employees", employees);
		}

	}

	public static final class AejChanged extends ApiProblem.Conflict {

		public AejChanged(java.time.Instant generatedAt) {
			super("The AEJ generated at " + generatedAt + " has changed since (new marks, adjustments, closings or "
					+ "employer data): download it again without generated_at.");
			with("rule", "aej_changed");
		}

	}

}
