package br.suite.timeclock.payroll;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Writes a payroll import file from a layout and the month totals of each employee: one
 * line per employee and mapped total (employee key, event code, quantity), in the
 * layout's order of events, employees in the order given. Pure: no data access.
 */
final class PayrollFile {

	/** The month totals a layout may map, in minutes (dsr_lost_days: days). */
	static final List<String> TOTALS = List.of("worked", "overtime_50", "overtime_100", "night_paid", "delay",
			"absence", "justified", "bank_paid", "dsr_lost_days");

	static final List<String> FIELDS = List.of("employee_key", "event_code", "quantity", "month",
			"establishment_document");

	/** An employee's line source: the key the layout names and the totals. */
	record Employee(long userId, String key, Map<String, Long> totals) {
	}

	/** A value that does not fit its fixed-width column. */
	static final class TooWide extends RuntimeException {

		final long userId;

		final String field;

		final String value;

		TooWide(long userId, String field, String value) {
			super(field + " \"" + value + "\" of user " + userId + " is wider than its column");
			this.userId = userId;
			this.field = field;
			this.value = value;
		}

	}

	private PayrollFile() {
	}

	static String write(PayrollLayout layout, YearMonth month, String establishmentDocument, List<Employee> employees) {
		boolean csv = "csv".equals(layout.format());
		String separator = "\\t".equals(layout.separator()) ? "\t" : layout.separator();
		String monthText = month.atDay(1).format(DateTimeFormatter.ofPattern(layout.monthPattern(), Locale.ROOT));
		StringBuilder out = new StringBuilder();
		if (csv && layout.header()) {
			List<String> titles = new ArrayList<>();
			for (PayrollLayoutRequest.PayrollColumn column : layout.columns()) {
				titles.add(column.title() == null ? column.field() : column.title());
			}
			out.append(String.join(separator, titles)).append("\r\n");
		}
		for (Employee employee : employees) {
			for (PayrollLayoutRequest.PayrollEvent event : layout.events()) {
				long value = employee.totals().getOrDefault(event.total(), 0L);
				if (value == 0 && layout.skipZero()) {
					continue;
				}
				String quantity = quantity(value, event.unit(), layout.decimalSeparator());
				List<String> cells = new ArrayList<>();
				for (PayrollLayoutRequest.PayrollColumn column : layout.columns()) {
					String text = switch (column.field()) {
						case "employee_key" -> employee.key();
						case "event_code" -> event.code();
						case "quantity" -> quantity;
						case "month" -> monthText;
						default -> establishmentDocument;
					};
					cells.add(csv ? clean(text, separator) : fixed(employee.userId(), column, text));
				}
				out.append(String.join(csv ? separator : "", cells)).append("\r\n");
			}
		}
		return out.toString();
	}

	/**
	 * Minutes as the unit asks: hh_mm (at least two hour digits), decimal hours, minutes.
	 */
	static String quantity(long value, String unit, String decimalSeparator) {
		return switch (unit) {
			case "hh_mm" -> String.format(Locale.ROOT, "%02d:%02d", value / 60, Math.abs(value % 60));
			case "decimal" -> BigDecimal.valueOf(value)
				.divide(BigDecimal.valueOf(60), 2, RoundingMode.HALF_UP)
				.toPlainString()
				.replace(".", decimalSeparator);
			default -> Long.toString(value);
		};
	}

	private static String clean(String text, String separator) {
		return text.replace(separator, " ").replace("\r", " ").replace("\n", " ");
	}

	private static String fixed(long userId, PayrollLayoutRequest.PayrollColumn column, @Nullable String text) {
		String value = text == null ? "" : text.replace("\r", " ").replace("\n", " ");
		int width = column.width();
		if (value.length() > width) {
			throw new TooWide(userId, column.field(), value);
		}
		String fill = (column.pad().startsWith("zeros") ? "0" : " ").repeat(width - value.length());
		return column.pad().endsWith("_left") ? fill + value : value + fill;
	}

}
