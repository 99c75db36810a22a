package br.suite.timeclock.payroll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.YearMonth;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.shared.InvalidRequest;
import br.suite.timeclock.payroll.PayrollLayoutRequest.PayrollColumn;
import br.suite.timeclock.payroll.PayrollLayoutRequest.PayrollEvent;

/** Issue 27 item 3: the payroll file writer and the layout rules, without a database. */
class PayrollFileTests {

	static final Map<String, Long> TOTALS = Map.of("worked", 10_530L, "overtime_50", 95L, "overtime_100", 0L,
			"night_paid", 0L, "delay", 7L, "absence", 480L, "justified", 0L, "bank_paid", 0L, "dsr_lost_days", 1L);

	@Test
	void quantitiesInEachUnit() {
		assertThat(PayrollFile.quantity(95, "hh_mm", ",")).isEqualTo("01:35");
		assertThat(PayrollFile.quantity(10_530, "hh_mm", ",")).isEqualTo("175:30");
		assertThat(PayrollFile.quantity(95, "decimal", ",")).isEqualTo("1,58");
		assertThat(PayrollFile.quantity(90, "decimal", ".")).isEqualTo("1.50");
		assertThat(PayrollFile.quantity(95, "minutes", ",")).isEqualTo("95");
		assertThat(PayrollFile.quantity(2, "days", ",")).isEqualTo("2");
	}

	@Test
	void aCsvWithHeaderOneLinePerMappedNonZeroTotal() {
		PayrollLayout layout = PayrollLayouts
			.validate(new PayrollLayoutRequest("csv", "csv", ";", true, ",", "cpf", "MM/yyyy", null,
					List.of(new PayrollColumn("employee_key", null, null, "cpf"),
							new PayrollColumn("month", null, null, null),
							new PayrollColumn("event_code", null, null, "evento"),
							new PayrollColumn("quantity", null, null, "qtd")),
					List.of(new PayrollEvent("overtime_50", "150", "hh_mm"),
							new PayrollEvent("overtime_100", "200", null),
							new PayrollEvent("absence", "302", "decimal"),
							new PayrollEvent("dsr_lost_days", "303", null))));
		String file = PayrollFile.write(layout, YearMonth.of(2026, 11), "11222333000181",
				List.of(new PayrollFile.Employee(7, "52998224725", TOTALS)));
		assertThat(file).isEqualTo("cpf;month;evento;qtd\r\n" + "52998224725;11/2026;150;01:35\r\n"
				+ "52998224725;11/2026;302;8,00\r\n" + "52998224725;11/2026;303;1\r\n");
	}

	@Test
	void fixedWidthPadsAndRefusesWhatDoesNotFit() {
		PayrollLayout layout = PayrollLayouts
			.validate(new PayrollLayoutRequest("fixo", "fixed_width", null, null, ",", "matricula", "MMyyyy", false,
					List.of(new PayrollColumn("month", 6, "zeros_left", null),
							new PayrollColumn("employee_key", 6, "spaces_right", null),
							new PayrollColumn("event_code", 4, "zeros_left", null),
							new PayrollColumn("quantity", 7, null, null)),
					List.of(new PayrollEvent("delay", "31", "minutes"),
							new PayrollEvent("justified", "310", "decimal"))));
		String file = PayrollFile.write(layout, YearMonth.of(2026, 3), "",
				List.of(new PayrollFile.Employee(7, "A12", TOTALS)));
		assertThat(file).isEqualTo("032026A12   00310000007\r\n032026A12   03100000,00\r\n");
		assertThatThrownBy(() -> PayrollFile.write(layout, YearMonth.of(2026, 3), "",
				List.of(new PayrollFile.Employee(8, "MATRICULA-LONGA", TOTALS))))
			.isInstanceOf(PayrollFile.TooWide.class);
	}

	@Test
	void badLayoutsNameEveryField() {
		assertThatThrownBy(() -> PayrollLayouts.validate(new PayrollLayoutRequest("", "xml", "#", null, ";", "rg",
				"dd/MM", null,
				List.of(new PayrollColumn("salario", null, null, null), new PayrollColumn("quantity", null, "x", null)),
				List.of(new PayrollEvent("overtime_50", "", "horas"), new PayrollEvent("overtime_50", "1", null),
						new PayrollEvent("dsr_lost_days", "9", "hh_mm")))))
			.isInstanceOfSatisfying(InvalidRequest.class,
					invalid -> assertThat(invalid.errors()).containsKeys("name", "format", "separator",
							"decimal_separator", "employee_key", "month_pattern", "columns[0].field", "columns",
							"events[0].code", "events[0].unit", "events[1].total", "events[2].unit"));
		assertThatThrownBy(() -> PayrollLayouts
			.validate(new PayrollLayoutRequest("f", "fixed_width", null, null, null, "cpf", null, null,
					List.of(new PayrollColumn("employee_key", null, null, null),
							new PayrollColumn("event_code", 101, null, null),
							new PayrollColumn("quantity", 5, "zeros_right", null)),
					List.of(new PayrollEvent("worked", "1", null)))))
			.isInstanceOfSatisfying(InvalidRequest.class, invalid -> assertThat(invalid.errors())
				.containsKeys("columns[0].width", "columns[1].width", "columns[2].pad"));
	}

}
