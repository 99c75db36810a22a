package br.suite.timeclock.payroll;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A payroll export layout (docs/api.md § Payroll export): the file's format, the employee
 * key, the columns of each line and which month total goes out under which event code of
 * the payroll product.
 */
record PayrollLayoutRequest(@Schema(description = "unique, up to 120 characters") @Nullable String name,
		@Schema(allowableValues = {
				"csv", "fixed_width" }) @Nullable String format,
		@Schema(description = "csv: one of ; , | or \\t (tab); default ;") @Nullable String separator,
		@Schema(description = "csv: a first line with the column titles; default false") @Nullable Boolean header,
		@Schema(description = "decimal hours: , or .; default ,") @Nullable String decimalSeparator,
		@Schema(allowableValues = { "cpf", "matricula", "user_id" }) @Nullable String employeeKey,
		@Schema(description = "how the month column is written (yyyy, MM, separators); default MM/yyyy",
				example = "MM/yyyy") @Nullable String monthPattern,
		@Schema(description = "leave out lines whose quantity is 0; default true") @Nullable Boolean skipZero,
		@Schema(description = "the columns of every line, in order") @Nullable List<PayrollColumn> columns,
		@Schema(description = "which month total goes out under which event code") @Nullable List<PayrollEvent> events){

	/** One column of a line. */
	record PayrollColumn(@Schema(allowableValues = {
			"employee_key", "event_code", "quantity", "month", "establishment_document" }) @Nullable String field,
			@Schema(description = "fixed_width: the width, 1 to 100") @Nullable Integer width,
			@Schema(description = "fixed_width: zeros_left, spaces_left or spaces_right; default zeros_left for "
					+ "quantity, spaces_right for the others") @Nullable String pad,
			@Schema(description = "csv with header: the column's title; default the field") @Nullable String title){
	}

	/** A month total exported as one of the payroll product's events. */
	record PayrollEvent(@Schema(allowableValues = {
			"worked", "overtime_50", "overtime_100", "night_paid", "delay", "absence", "justified", "bank_paid",
			"dsr_lost_days" }) @Nullable String total,
			@Schema(description = "the payroll product's event code, up to 20 characters") @Nullable String code,
			@Schema(description = "hh_mm, decimal (hours) or minutes; days for dsr_lost_days",
					allowableValues = { "hh_mm", "decimal", "minutes", "days" }) @Nullable String unit){
	}

}
