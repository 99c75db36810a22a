package br.suite.bills;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import org.jspecify.annotations.Nullable;

import br.suite.finance.FinanceFields;
import br.suite.shared.InvalidRequest;

/**
 * The field rules every slice of bills applies where a value enters; each check adds its
 * message to the caller's builder and returns the normalised value.
 */
public final class BillsFields {

	/** 10^12: numeric(14,2) holds twelve integer digits. */
	private static final BigDecimal AMOUNT_LIMIT = BigDecimal.TEN.pow(12);

	private BillsFields() {
	}

	/** Trimmed text of at most {@code max} characters, without NUL (as finance's). */
	public static String text(@Nullable String raw, String field, int max, boolean required,
			InvalidRequest.Builder errors) {
		return FinanceFields.text(raw, field, max, required, errors);
	}

	/**
	 * An amount of money with at most two decimals, as stored (numeric(14,2)): positive,
	 * or zero too when {@code zeroAllowed}; null when absent or invalid.
	 */
	public static @Nullable BigDecimal amount(@Nullable BigDecimal amount, String field, boolean zeroAllowed,
			InvalidRequest.Builder errors) {
		if (amount == null) {
			errors.add(field, "is required");
			return null;
		}
		if (amount.stripTrailingZeros().scale() > 2) {
			errors.add(field, "must have at most two decimals");
			return null;
		}
		if (zeroAllowed ? amount.signum() < 0 : amount.signum() <= 0) {
			errors.add(field, zeroAllowed ? "must not be negative" : "must be greater than 0");
			return null;
		}
		if (amount.compareTo(AMOUNT_LIMIT) >= 0) {
			errors.add(field, "must be less than 1000000000000.00");
			return null;
		}
		return amount.setScale(2, RoundingMode.UNNECESSARY);
	}

	/**
	 * A text query parameter, stripped; NUL (which PostgreSQL cannot compare) is a 400.
	 */
	public static String parameter(@Nullable String value, String name) {
		if (value == null) {
			return "";
		}
		if (value.indexOf('\0') >= 0) {
			throw InvalidRequest.of(name, "must not contain the NUL character");
		}
		return value.strip();
	}

	/** Now, as stored (microseconds, UTC). */
	public static OffsetDateTime now() {
		return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
	}

	public static Instant instant(ResultSet rs, String column) throws SQLException {
		return rs.getObject(column, OffsetDateTime.class).toInstant();
	}

}
