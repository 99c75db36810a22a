package br.suite.bills.dre;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import br.suite.bills.dre.Dre.Category;
import br.suite.bills.dre.Dre.Cell;
import br.suite.bills.dre.Dre.Line;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The DRE's arithmetic against docs/api.md's worked example (§ Reports, "DRE worked
 * example").
 */
class DreTests {

	static final YearMonth MARCH = YearMonth.of(2031, 3);

	static final YearMonth APRIL = YearMonth.of(2031, 4);

	static final Category VENDAS = new Category(1, "1.1", "Venda de mercadorias", Line.GROSS_REVENUE);

	static final Category SERVICOS = new Category(2, "1.2", "Prestação de serviços", Line.GROSS_REVENUE);

	static final Category CMV = new Category(3, "3.1", "CMV", Line.COSTS);

	static final Category OCUPACAO = new Category(4, "4.4", "Ocupação", Line.OPERATING_EXPENSES);

	static final Category DESCONTOS = new Category(5, "5.2", "Descontos obtidos", Line.FINANCIAL_REVENUE);

	static final Category TARIFAS = new Category(6, "6.1", "Tarifas bancárias", Line.FINANCIAL_EXPENSES);

	static final Category JUROS = new Category(7, "6.2", "Juros pagos", Line.FINANCIAL_EXPENSES);

	static final List<Category> CHART = List.of(VENDAS, SERVICOS, CMV, OCUPACAO, DESCONTOS, TARIFAS, JUROS);

	private static BigDecimal m(String amount) {
		return new BigDecimal(amount);
	}

	private static List<BigDecimal> ms(String... amounts) {
		return java.util.Arrays.stream(amounts).map(BigDecimal::new).toList();
	}

	@Test
	void sharesByLargestRemainderTiesGoingToTheEarlierSplit() {
		List<BigDecimal> splits = ms("333.33", "666.67");
		assertThat(Dre.shares(m("500.00"), splits)).containsExactly(m("166.67"), m("333.33"));
		assertThat(Dre.shares(m("5.00"), splits)).containsExactly(m("1.67"), m("3.33"));
		assertThat(Dre.shares(m("2.00"), splits)).containsExactly(m("0.67"), m("1.33"));
		assertThat(Dre.shares(m("1000.00"), splits)).containsExactly(m("333.33"), m("666.67"));
		assertThat(Dre.shares(m("0.02"), ms("1.00", "1.00", "1.00"))).containsExactly(m("0.01"), m("0.01"), m("0.00"));
		assertThat(Dre.shares(m("100.00"), ms("1.00", "1.00", "1.00"))).containsExactly(m("33.34"), m("33.33"),
				m("33.33"));
		assertThat(Dre.shares(m("0.00"), splits)).containsExactly(m("0.00"), m("0.00"));
	}

	@Test
	void aBillPaidInTwoHalvesHasExactlyItsSplitsOnceFullyPaid() {
		List<BigDecimal> splits = ms("333.33", "666.67");
		List<BigDecimal> first = Dre.paymentShares(m("0.00"), m("500.00"), splits);
		List<BigDecimal> second = Dre.paymentShares(m("500.00"), m("1000.00"), splits);
		assertThat(first).containsExactly(m("166.67"), m("333.33"));
		assertThat(second).containsExactly(m("166.66"), m("333.34"));
		for (int i = 0; i < 2; i++) {
			assertThat(first.get(i).add(second.get(i))).isEqualTo(splits.get(i));
		}
		// Any sequence of payments sums exactly to what was paid, split by split.
		BigDecimal paid = m("0.00");
		BigDecimal[] total = { m("0.00"), m("0.00"), m("0.00") };
		List<BigDecimal> three = ms("10.01", "20.02", "70.00");
		for (String step : List.of("0.07", "33.33", "0.01", "50.00", "16.62")) {
			List<BigDecimal> parts = Dre.paymentShares(paid, paid.add(m(step)), three);
			assertThat(parts.stream().reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo(step);
			paid = paid.add(m(step));
			for (int i = 0; i < 3; i++) {
				total[i] = total[i].add(parts.get(i));
			}
		}
		assertThat(total).containsExactly(m("10.01"), m("20.02"), m("70.00"));
	}

	/**
	 * The shortcuts (one split; a bill paid in full at once) answer what the largest
	 * remainder answers.
	 */
	@Test
	void aSingleSplitTakesThePaymentAndAFullPaymentAtOnceTakesTheSplits() {
		assertThat(Dre.paymentShares(m("0.00"), m("10.5"), ms("99.99"))).containsExactly(m("10.50"));
		assertThat(Dre.paymentShares(m("40.00"), m("99.99"), ms("99.99"))).containsExactly(m("59.99"));
		assertThat(Dre.paymentShares(m("0.00"), m("100.00"), ms("10.01", "20.02", "69.97"))).containsExactly(m("10.01"),
				m("20.02"), m("69.97"));
		assertThat(Dre.paymentShares(m("0.00"), m("100.00"), ms("10.01", "20.02", "69.97")))
			.isEqualTo(Dre.shares(m("100.00"), ms("10.01", "20.02", "69.97")));
		// Not the whole bill: the rule itself.
		assertThat(Dre.paymentShares(m("0.00"), m("99.99"), ms("10.01", "20.02", "69.97"))).containsExactly(m("10.01"),
				m("20.02"), m("69.96"));
	}

	/** The cells of the worked example's accrual basis (every cost centre). */
	static List<Cell> accrual() {
		List<Cell> cells = new ArrayList<>();
		cells.add(new Cell(MARCH, SERVICOS.id(), m("2000.00")));
		cells.add(new Cell(MARCH, VENDAS.id(), m("800.00")));
		cells.add(new Cell(MARCH, CMV.id(), m("333.33")));
		cells.add(new Cell(MARCH, OCUPACAO.id(), m("666.67")));
		cells.add(new Cell(MARCH, OCUPACAO.id(), m("1500.00")));
		cells.add(new Cell(MARCH, TARIFAS.id(), m("12.50")));
		cells.add(new Cell(APRIL, OCUPACAO.id(), m("1500.00")));
		cells.add(new Cell(APRIL, JUROS.id(), m("1.67")));
		cells.add(new Cell(APRIL, JUROS.id(), m("3.33")));
		cells.add(new Cell(APRIL, DESCONTOS.id(), m("0.67")));
		cells.add(new Cell(APRIL, DESCONTOS.id(), m("1.33")));
		// A transfer's two sides have categories on dre_line none: not in the chart.
		cells.add(new Cell(MARCH, 99, m("300.00")));
		return cells;
	}

	static List<Cell> cash() {
		List<Cell> cells = new ArrayList<>();
		cells.add(new Cell(MARCH, SERVICOS.id(), m("1000.00")));
		cells.add(new Cell(MARCH, CMV.id(), m("166.67")));
		cells.add(new Cell(MARCH, OCUPACAO.id(), m("333.33")));
		cells.add(new Cell(MARCH, OCUPACAO.id(), m("1500.00")));
		cells.add(new Cell(MARCH, TARIFAS.id(), m("12.50")));
		cells.add(new Cell(APRIL, CMV.id(), m("166.66")));
		cells.add(new Cell(APRIL, OCUPACAO.id(), m("333.34")));
		cells.add(new Cell(APRIL, JUROS.id(), m("1.67")));
		cells.add(new Cell(APRIL, JUROS.id(), m("3.33")));
		cells.add(new Cell(APRIL, DESCONTOS.id(), m("0.67")));
		cells.add(new Cell(APRIL, DESCONTOS.id(), m("1.33")));
		return cells;
	}

	static Map<String, List<String>> lines(Dre.Report report) {
		return report.lines().stream().collect(Collectors.toMap(r -> r.line().wire(), r -> {
			List<String> values = new ArrayList<>(r.values().stream().map(BigDecimal::toPlainString).toList());
			values.add(r.total().toPlainString());
			return values;
		}, (a, b) -> a, java.util.LinkedHashMap::new));
	}

	@Test
	void accrualBasisOfTheWorkedExample() {
		Dre.Report report = Dre.report(List.of(MARCH, APRIL), CHART, accrual());
		assertThat(lines(report)).containsExactly(Map.entry("gross_revenue", List.of("2800.00", "0.00", "2800.00")),
				Map.entry("deductions", List.of("0.00", "0.00", "0.00")),
				Map.entry("net_revenue", List.of("2800.00", "0.00", "2800.00")),
				Map.entry("costs", List.of("333.33", "0.00", "333.33")),
				Map.entry("gross_profit", List.of("2466.67", "0.00", "2466.67")),
				Map.entry("operating_expenses", List.of("2166.67", "1500.00", "3666.67")),
				Map.entry("other_revenue", List.of("0.00", "0.00", "0.00")),
				Map.entry("other_expenses", List.of("0.00", "0.00", "0.00")),
				Map.entry("operating_result", List.of("300.00", "-1500.00", "-1200.00")),
				Map.entry("financial_revenue", List.of("0.00", "2.00", "2.00")),
				Map.entry("financial_expenses", List.of("12.50", "5.00", "17.50")),
				Map.entry("result_before_taxes", List.of("287.50", "-1503.00", "-1215.50")),
				Map.entry("income_taxes", List.of("0.00", "0.00", "0.00")),
				Map.entry("net_result", List.of("287.50", "-1503.00", "-1215.50")));
		Map<String, String> categories = report.categories()
			.stream()
			.collect(
					Collectors
						.toMap(c -> c.category().code(),
								c -> c.values().stream().map(BigDecimal::toPlainString).collect(Collectors.joining(" "))
										+ " = " + c.total().toPlainString(),
								(a, b) -> a, java.util.LinkedHashMap::new));
		assertThat(categories).containsExactly(Map.entry("1.1", "800.00 0.00 = 800.00"),
				Map.entry("1.2", "2000.00 0.00 = 2000.00"), Map.entry("3.1", "333.33 0.00 = 333.33"),
				Map.entry("4.4", "2166.67 1500.00 = 3666.67"), Map.entry("5.2", "0.00 2.00 = 2.00"),
				Map.entry("6.1", "12.50 0.00 = 12.50"), Map.entry("6.2", "0.00 5.00 = 5.00"));
	}

	@Test
	void cashBasisOfTheWorkedExample() {
		Dre.Report report = Dre.report(List.of(MARCH, APRIL), CHART, cash());
		Map<String, List<String>> lines = lines(report);
		assertThat(lines.get("gross_revenue")).containsExactly("1000.00", "0.00", "1000.00");
		assertThat(lines.get("costs")).containsExactly("166.67", "166.66", "333.33");
		assertThat(lines.get("gross_profit")).containsExactly("833.33", "-166.66", "666.67");
		assertThat(lines.get("operating_expenses")).containsExactly("1833.33", "333.34", "2166.67");
		assertThat(lines.get("operating_result")).containsExactly("-1000.00", "-500.00", "-1500.00");
		assertThat(lines.get("financial_revenue")).containsExactly("0.00", "2.00", "2.00");
		assertThat(lines.get("financial_expenses")).containsExactly("12.50", "5.00", "17.50");
		assertThat(lines.get("net_result")).containsExactly("-1012.50", "-503.00", "-1515.50");
		assertThat(report.categories()).extracting(c -> c.category().code())
			.containsExactly("1.2", "3.1", "4.4", "5.2", "6.1", "6.2");
	}

	@Test
	void theLinesComeInTheirOrderWithPortugueseLabels() {
		Dre.Report report = Dre.report(List.of(MARCH), CHART, List.of());
		assertThat(report.lines()).extracting(r -> r.line().wire())
			.containsExactly("gross_revenue", "deductions", "net_revenue", "costs", "gross_profit",
					"operating_expenses", "other_revenue", "other_expenses", "operating_result", "financial_revenue",
					"financial_expenses", "result_before_taxes", "income_taxes", "net_result");
		assertThat(report.lines()).extracting(r -> r.line().label).contains("Receita bruta", "Resultado líquido");
		assertThat(report.categories()).isEmpty();
	}

}
