package br.suite.processdocs;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The review date rule on its own; the API tests prove it on the wire. */
class ReviewScheduleTests {

	static LocalDate next(String last, Integer cycle) {
		return ProcessDocument.nextReview(last == null ? null : LocalDate.parse(last), cycle);
	}

	@Test
	void addsCalendarDaysAcrossLeapYearsAndMonthEnds() {
		assertThat(next("2024-02-28", 1)).isEqualTo("2024-02-29");
		assertThat(next("2023-02-28", 1)).isEqualTo("2023-03-01");
		assertThat(next("2024-02-29", 365)).isEqualTo("2025-02-28");
		assertThat(next("2024-01-31", 30)).isEqualTo("2024-03-01");
		assertThat(next("2100-02-28", 1)).isEqualTo("2100-03-01");
		assertThat(next("2000-02-28", 1)).isEqualTo("2000-02-29");
		assertThat(next("2999-12-31", 3650)).isEqualTo("3009-12-29");
	}

	@Test
	void hasNoNextReviewWithoutBothValues() {
		assertThat(next(null, 30)).isNull();
		assertThat(next("2026-01-01", null)).isNull();
		assertThat(next(null, null)).isNull();
	}

	@Test
	void codesArePaddedToFourDigitsAndGrowPastThem() {
		assertThat(ProcessDocument.code(1)).isEqualTo("PD-0001");
		assertThat(ProcessDocument.code(9999)).isEqualTo("PD-9999");
		assertThat(ProcessDocument.code(10000)).isEqualTo("PD-10000");
	}

}
