package br.suite.shared;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DateTimeFormatTests {

	@Test
	void writesUtcWithExactlyThreeFractionDigits() {
		assertThat(DateTimes.utcMillis(Instant.parse("2026-11-25T21:07:31.123456Z")))
			.isEqualTo("2026-11-25T21:07:31.123Z");
		assertThat(DateTimes.utcMillis(Instant.parse("2026-01-02T03:04:05Z"))).isEqualTo("2026-01-02T03:04:05.000Z");
		assertThat(DateTimes.utcMillis(Instant.parse("1999-12-31T23:59:59.999999999Z")))
			.isEqualTo("1999-12-31T23:59:59.999Z");
		assertThat(DateTimes.utcMillis(Instant.parse("0099-03-04T05:06:07.008Z")))
			.isEqualTo("0099-03-04T05:06:07.008Z");
	}

}
