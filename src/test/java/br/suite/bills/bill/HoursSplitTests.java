package br.suite.bills.bill;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import br.suite.bills.bill.BillDrafts.Split;
import br.suite.bills.bill.HoursSplit.Centre;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The payroll split by hours, to the cent (issue 42 item 4). */
class HoursSplitTests {

	@Test
	void sharesAreTruncatedAndTheLeftCentsGoToTheLargestRemainders() {
		assertThat(HoursSplit.shares(100, new long[] { 1, 1, 1 })).containsExactly(34, 33, 33);
		// A tie of remainders: the larger weight first, then the earlier.
		assertThat(HoursSplit.shares(2, new long[] { 30, 60, 30 })).containsExactly(1, 1, 0);
		assertThat(HoursSplit.shares(1, new long[] { 60, 60 })).containsExactly(1, 0);
		assertThat(HoursSplit.shares(5, new long[] { 1000, 1 })).containsExactly(5, 0);
		assertThat(HoursSplit.shares(99_999_999_999_999L, new long[] { 7, 11, 13 }))
			.containsExactly(22_580_645_161_290L, 35_483_870_967_742L, 41_935_483_870_967L);
		assertThat(HoursSplit.shares(0, new long[] { 3, 4 })).containsExactly(0, 0);
	}

	@Test
	void eachCategoryKeepsItsAmountSharedByMinutes() {
		// The worked example of docs/api.md § Reports, "Payroll by hours": 720, 490
		// and 137 minutes; 700.00 of salaries and 300.00 of charges.
		List<Centre> centres = List.of(new Centre(11L, 720), new Centre(12L, 490), new Centre(null, 137));
		HoursSplit.Result result = HoursSplit.split(List.of(new Split(1, 11L, new BigDecimal("400.00")),
				new Split(2, null, new BigDecimal("300.00")), new Split(1, 12L, new BigDecimal("300.00"))), centres);
		assertThat(result.splits()).containsExactly(new Split(1, 11L, new BigDecimal("374.16")),
				new Split(1, 12L, new BigDecimal("254.64")), new Split(1, null, new BigDecimal("71.20")),
				new Split(2, 11L, new BigDecimal("160.36")), new Split(2, 12L, new BigDecimal("109.13")),
				new Split(2, null, new BigDecimal("30.51")));
		assertThat(result.shares()).containsExactly(new HoursSplit.Share(11L, 720, new BigDecimal("534.52")),
				new HoursSplit.Share(12L, 490, new BigDecimal("363.77")),
				new HoursSplit.Share(null, 137, new BigDecimal("101.71")));
		assertThat(result.totalMinutes()).isEqualTo(1347);
	}

	@Test
	void aSplitThatGetsNoCentIsLeftOut() {
		HoursSplit.Result result = HoursSplit.split(List.of(new Split(5, null, new BigDecimal("0.01"))),
				List.of(new Centre(1L, 10), new Centre(2L, 30)));
		assertThat(result.splits()).containsExactly(new Split(5, 2L, new BigDecimal("0.01")));
		assertThat(result.shares()).extracting(HoursSplit.Share::amount)
			.containsExactly(new BigDecimal("0.00"), new BigDecimal("0.01"));
	}

	@Test
	void employeesAreGroupedByCostCentreWithoutOnesLast() {
		Map<Long, Long> minutes = Map.of(1L, 480L, 2L, 240L, 3L, 490L, 4L, 137L, 5L, 0L);
		Map<Long, @Nullable Long> centres = new HashMap<>();
		centres.put(1L, 20L);
		centres.put(2L, 20L);
		centres.put(3L, 10L);
		centres.put(4L, null);
		centres.put(5L, 30L);
		assertThat(HoursSplit.centres(minutes, centres)).containsExactly(new Centre(10L, 490), new Centre(20L, 720),
				new Centre(null, 137));
		assertThat(HoursSplit.centres(Map.of(1L, 0L), centres)).isEmpty();
		assertThatThrownBy(() -> HoursSplit.split(List.of(new Split(1, null, BigDecimal.TEN)), List.of()))
			.isInstanceOf(IllegalArgumentException.class);
	}

}
