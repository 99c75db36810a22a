package br.suite.timeclock.payroll;

import java.time.Instant;
import java.util.List;

/** A stored payroll export layout, as the API answers it. */
record PayrollLayout(long id, String name, String format, String separator, boolean header, String decimalSeparator,
		String employeeKey, String monthPattern, boolean skipZero, List<PayrollLayoutRequest.PayrollColumn> columns,
		List<PayrollLayoutRequest.PayrollEvent> events, Instant createdAt, Instant updatedAt) {
}
