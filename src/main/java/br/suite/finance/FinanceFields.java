package br.suite.finance;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.documents.InvalidEndToEndId;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.documents.PixEndToEndId;
import br.suite.shared.documents.TaxId;

/**
 * The field rules finance applies wherever a value enters, so the API and the ledger
 * facade accept and refuse exactly the same things. Each check adds its message to the
 * caller's builder and returns the normalised value.
 */
public final class FinanceFields {

	static final int PROVIDER_MAX = 40;

	public static final int ACCOUNT_ID_MAX = 100;

	public static final int REFERENCE_MAX = 100;

	private static final Pattern PROVIDER = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");

	static final String PROVIDER_RULE = "must be a provider code: 1 to 40 lowercase letters, digits, '-' or '_' "
			+ "(e.g. asaas, efi, woovi, itau, csv)";

	/** 10^12: numeric(14,2) holds twelve integer digits. */
	private static final BigDecimal AMOUNT_LIMIT = BigDecimal.TEN.pow(12);

	private FinanceFields() {
	}

	/**
	 * Provider codes are compared exactly, so "Asaas" and "asaas" must become one value.
	 */
	public static String provider(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		String value = raw == null ? "" : lowerAscii(raw.trim());
		if (value.isEmpty()) {
			errors.add(field, "is required");
		}
		else if (!PROVIDER.matcher(value).matches()) {
			errors.add(field, PROVIDER_RULE);
		}
		return value;
	}

	/**
	 * Trimmed text of at most {@code max} characters; {@code required} refuses an empty
	 * one.
	 */
	public static String text(@Nullable String raw, String field, int max, boolean required,
			InvalidRequest.Builder errors) {
		String value = raw == null ? "" : raw.strip();
		if (required && value.isEmpty()) {
			errors.add(field, "is required");
		}
		if (value.length() > max) {
			errors.add(field, "must be at most " + max + " characters");
		}
		if (value.indexOf('\0') >= 0) {
			errors.add(field, "must not contain the NUL character");
		}
		return value;
	}

	/**
	 * Free text kept verbatim (notes): only the length and the NUL character PostgreSQL
	 * refuses are checked.
	 */
	public static String verbatim(@Nullable String raw, String field, int max, InvalidRequest.Builder errors) {
		String value = raw == null ? "" : raw;
		if (value.length() > max) {
			errors.add(field, "must be at most " + max + " characters");
		}
		if (value.indexOf('\0') >= 0) {
			errors.add(field, "must not contain the NUL character");
		}
		return value;
	}

	/**
	 * A text query parameter, stripped. PostgreSQL cannot compare text holding NUL, so
	 * that is a 400.
	 */
	public static String parameter(String value, String name) {
		if (value.indexOf('\0') >= 0) {
			throw InvalidRequest.of(name, "must not contain the NUL character");
		}
		return value.strip();
	}

	/** A provider filter: compared like stored codes, in lower case. */
	public static String providerParameter(String value) {
		return lowerAscii(parameter(value, "provider"));
	}

	/** A positive amount of money with at most two decimals, as stored: numeric(14,2). */
	public static @Nullable BigDecimal amount(@Nullable BigDecimal amount, String field,
			InvalidRequest.Builder errors) {
		if (amount == null) {
			errors.add(field, "is required");
			return null;
		}
		if (amount.stripTrailingZeros().scale() > 2) {
			errors.add(field, "must have at most two decimals");
			return null;
		}
		if (amount.signum() <= 0) {
			errors.add(field, "must be greater than 0 (the sign of a transaction is its direction)");
			return null;
		}
		if (amount.compareTo(AMOUNT_LIMIT) >= 0) {
			errors.add(field, "must be less than 1000000000000.00");
			return null;
		}
		return amount.setScale(2, RoundingMode.UNNECESSARY);
	}

	/**
	 * Empty, or a CPF/CNPJ (numeric or alphanumeric) with valid check digits, stored
	 * without punctuation.
	 */
	public static String taxId(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		String value = raw == null ? "" : raw.strip();
		if (value.isEmpty()) {
			return "";
		}
		try {
			return TaxId.parse(value).value();
		}
		catch (InvalidTaxId ex) {
			errors.add(field, ex.getMessage());
			return value;
		}
	}

	/** Empty, or a Pix end-to-end id: 32 ASCII letters and digits, case kept. */
	public static String endToEndId(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		String value = raw == null ? "" : raw.strip();
		if (value.isEmpty()) {
			return "";
		}
		try {
			return PixEndToEndId.parse(value).value();
		}
		catch (InvalidEndToEndId ex) {
			errors.add(field, ex.getMessage());
			return value;
		}
	}

	/** Empty, or an absolute http(s) URL. */
	public static String url(@Nullable String raw, String field, int max, InvalidRequest.Builder errors) {
		String value = text(raw, field, max, false, errors);
		if (value.isEmpty()) {
			return value;
		}
		try {
			URI uri = new URI(value);
			String scheme = uri.getScheme() == null ? "" : lowerAscii(uri.getScheme());
			if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
				errors.add(field, "must be an absolute http or https URL");
			}
		}
		catch (URISyntaxException ex) {
			errors.add(field, "must be an absolute http or https URL");
		}
		return value;
	}

	/**
	 * An e-mail address: {@code local@domain.tld}, at most 254, no spaces or controls.
	 */
	private static final Pattern EMAIL = Pattern
		.compile("[^@\\s\\p{Cntrl}<>,;\"]+@[^@\\s\\p{Cntrl}<>,;\"]+\\.[^@\\s\\p{Cntrl}<>,;\".]+");

	/**
	 * An optional e-mail address (empty when absent), trimmed; 400 naming the field when
	 * it is not {@code name@domain.tld} or longer than 254.
	 */
	public static String email(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		String value = raw == null ? "" : raw.strip();
		if (value.isEmpty()) {
			return "";
		}
		if (value.length() > 254 || !EMAIL.matcher(value).matches()) {
			errors.add(field, "must be empty or an e-mail address (name@domain.tld, at most 254 characters)");
		}
		return value;
	}

	private static String lowerAscii(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			out.append(c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c);
		}
		return out.toString();
	}

}
