package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.bills.bill.InstallmentPlan.Planned;

import static org.assertj.core.api.Assertions.assertThat;

class InstallmentPlanTests {

	static List<String> amounts(List<Planned> plan) {
		return plan.stream().map(p -> p.amount().toPlainString()).toList();
	}

	@Test
	void theRemainderCentsGoOnTheFirstInstallment() {
		assertThat(amounts(InstallmentPlan.generate(new BigDecimal("100.00"), 3, LocalDate.of(2026, 1, 10))))
			.containsExactly("33.34", "33.33", "33.33");
		assertThat(amounts(InstallmentPlan.generate(new BigDecimal("1000.00"), 6, LocalDate.of(2026, 1, 10))))
			.containsExactly("166.70", "166.66", "166.66", "166.66", "166.66", "166.66");
		assertThat(amounts(InstallmentPlan.generate(new BigDecimal("0.05"), 3, LocalDate.of(2026, 1, 10))))
			.containsExactly("0.03", "0.01", "0.01");
		assertThat(amounts(InstallmentPlan.generate(new BigDecimal("90.00"), 3, LocalDate.of(2026, 1, 10))))
			.containsExactly("30.00", "30.00", "30.00");
		assertThat(amounts(InstallmentPlan.generate(new BigDecimal("999999999999.99"), 7, LocalDate.of(2026, 1, 1))))
			.containsExactly("142857142857.15", "142857142857.14", "142857142857.14", "142857142857.14",
					"142857142857.14", "142857142857.14", "142857142857.14");
	}

	@Test
	void theAmountsAlwaysAddUpToTheTotal() {
		for (int cents = 1; cents <= 2000; cents += 7) {
			BigDecimal total = BigDecimal.valueOf(cents, 2);
			for (int count = 1; count <= 12; count++) {
				List<Planned> plan = InstallmentPlan.generate(total, count, LocalDate.of(2026, 1, 31));
				assertThat(InstallmentPlan.sum(plan.stream().map(Planned::amount).toList())).isEqualTo(total);
				assertThat(plan.get(0).amount()).isGreaterThanOrEqualTo(plan.get(count - 1).amount());
			}
		}
	}

	@Test
	void aDayAShorterMonthLacksFallsOnItsLastDayAndTheNextMonthKeepsTheDay() {
		assertThat(InstallmentPlan.generate(new BigDecimal("400.00"), 4, LocalDate.of(2026, 1, 31))
			.stream()
			.map(Planned::dueDate)).containsExactly(LocalDate.of(2026, 1, 31), LocalDate.of(2026, 2, 28),
					LocalDate.of(2026, 3, 31), LocalDate.of(2026, 4, 30));
		assertThat(InstallmentPlan.generate(new BigDecimal("20.00"), 2, LocalDate.of(2027, 12, 30))
			.stream()
			.map(Planned::dueDate)).containsExactly(LocalDate.of(2027, 12, 30), LocalDate.of(2028, 1, 30));
		assertThat(InstallmentPlan.monthsAfter(LocalDate.of(2028, 1, 31), 1)).isEqualTo(LocalDate.of(2028, 2, 29));
	}

	@Test
	void aMonthlyRecurrenceCountsTheMonthsUpToUntilInclusive() {
		assertThat(InstallmentPlan.recurrences(LocalDate.of(2026, 1, 5), LocalDate.of(2026, 12, 5))).isEqualTo(12);
		assertThat(InstallmentPlan.recurrences(LocalDate.of(2026, 1, 5), LocalDate.of(2026, 12, 4))).isEqualTo(11);
		assertThat(InstallmentPlan.recurrences(LocalDate.of(2026, 1, 31), LocalDate.of(2026, 2, 28))).isEqualTo(2);
		assertThat(InstallmentPlan.recurrences(LocalDate.of(2026, 1, 5), LocalDate.of(2026, 1, 5))).isEqualTo(1);
	}

	@Test
	void statusAndOverdue() {
		BigDecimal hundred = new BigDecimal("100.00");
		assertThat(InstallmentPlan.installmentStatus(hundred, BigDecimal.ZERO, false)).isEqualTo(BillStatus.OPEN);
		assertThat(InstallmentPlan.installmentStatus(hundred, new BigDecimal("0.01"), false))
			.isEqualTo(BillStatus.PARTIALLY_PAID);
		assertThat(InstallmentPlan.installmentStatus(hundred, hundred, false)).isEqualTo(BillStatus.PAID);
		assertThat(InstallmentPlan.installmentStatus(hundred, BigDecimal.ZERO, true)).isEqualTo(BillStatus.CANCELLED);
		LocalDate due = LocalDate.of(2026, 3, 10);
		assertThat(InstallmentPlan.overdue(hundred, BigDecimal.ZERO, false, due, due)).isFalse();
		assertThat(InstallmentPlan.overdue(hundred, BigDecimal.ZERO, false, due, due.plusDays(1))).isTrue();
		assertThat(InstallmentPlan.overdue(hundred, hundred, false, due, due.plusDays(1))).isFalse();
		assertThat(InstallmentPlan.overdue(hundred, BigDecimal.ZERO, true, due, due.plusDays(1))).isFalse();
	}

}
