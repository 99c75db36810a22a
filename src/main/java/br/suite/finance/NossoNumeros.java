package br.suite.finance;

import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import br.suite.shared.documents.Digits;

/**
 * Each bank's nosso número as data: how the boleto prints it and the one form both a
 * charge ({@code nosso_numero}) and a CNAB return file's title
 * ({@code bank_reference_id}) are stored in, so the automatic matching compares like with
 * like. The stored form is the title's number as the bank writes it in its return file:
 * digits only, without the check digit and without leading zeros; a prefix that is part
 * of the bank's number (Banco do Brasil's convênio, Caixa's modalidade) is kept, a
 * carteira printed before a slash (Itaú, Bradesco) is not.
 */
public final class NossoNumeros {

	private NossoNumeros() {
	}

	/**
	 * One bank's printed form: {@code prefix} digits of carteira before the number
	 * (dropped), then {@code digits} digits of number (kept; for Banco do Brasil and
	 * Caixa they include the convênio or modalidade), then a check digit when
	 * {@code checkDigit}.
	 *
	 * @param printed an example as the boleto prints it
	 * @param stored that example's stored form
	 */
	public record Bank(String code, String slug, String name, int prefix, int digits, boolean checkDigit,
			String printed, String stored) {

		/** The provider of the bank's collection account: {@code cnab_<slug>}. */
		public String provider() {
			return "cnab_" + this.slug;
		}

	}

	/**
	 * The banks whose return files are read, in the order the documentation lists them.
	 */
	public static final List<Bank> BANKS = List.of(
			new Bank("001", "bb", "Banco do Brasil", 0, 17, false, "32948600000000196", "32948600000000196"),
			new Bank("341", "itau", "Itaú", 3, 8, true, "109/00000456-7", "456"),
			new Bank("237", "bradesco", "Bradesco", 2, 11, true, "09/00000000789-P", "789"),
			new Bank("104", "caixa", "Caixa Econômica Federal", 0, 17, true, "14/000000000000321-9",
					"14000000000000321"),
			new Bank("033", "santander", "Santander", 0, 12, true, "000000000098-7", "98"),
			new Bank("756", "sicoob", "Sicoob", 0, 7, true, "0001234-5", "1234"));

	public static @Nullable Bank byCode(String code) {
		return BANKS.stream().filter(bank -> bank.code().equals(code)).findFirst().orElse(null);
	}

	/**
	 * The bank whose collection account has this provider ({@code cnab_bb}…), or null.
	 */
	public static @Nullable Bank byProvider(@Nullable String provider) {
		return provider == null ? null
				: BANKS.stream().filter(bank -> bank.provider().equals(provider)).findFirst().orElse(null);
	}

	/**
	 * The stored form of a number as a return file writes it: digits only, without the
	 * last character when the field holds the check digit, without leading zeros.
	 */
	public static String ofFile(String written, boolean withCheckDigit) {
		String raw = written.strip();
		if (withCheckDigit && !raw.isEmpty()) {
			// The check digit may be a letter (Bradesco's P) or a dash may precede it.
			raw = raw.substring(0, raw.length() - 1);
		}
		return Digits.withoutLeadingZeros(Digits.of(raw));
	}

	/**
	 * The stored form of a number as the bank's boleto prints it: with its separators
	 * ({@code 109/00000456-7}: carteira, slash, number, dash, check digit), or its digits
	 * alone ({@code 109000004567}). Throws {@link IllegalArgumentException} with the
	 * reason when it cannot be the bank's.
	 */
	public static String ofPrinted(Bank bank, String printed) {
		String text = printed.strip().replace(" ", "").replace(".", "").toUpperCase(Locale.ROOT);
		boolean checkDigitRemoved = false;
		int dash = text.lastIndexOf('-');
		if (dash >= 0) {
			if (dash != text.length() - 2) {
				throw wrong(bank, printed);
			}
			text = text.substring(0, dash);
			checkDigitRemoved = true;
		}
		else if (bank.checkDigit() && !text.isEmpty() && Character.isLetter(text.charAt(text.length() - 1))) {
			text = text.substring(0, text.length() - 1);
			checkDigitRemoved = true;
		}
		int slash = text.indexOf('/');
		if (slash >= 0) {
			String before = text.substring(0, slash);
			// A carteira is printed before the number and dropped; where the number
			// itself
			// starts with a prefix (Caixa's modalidade 14/…), the slash only separates
			// it.
			text = (bank.prefix() > 0 ? "" : before) + text.substring(slash + 1);
		}
		if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
			throw wrong(bank, printed);
		}
		if (slash < 0) {
			int length = text.length();
			if (!checkDigitRemoved && bank.checkDigit() && length == bank.prefix() + bank.digits() + 1) {
				text = text.substring(bank.prefix(), length - 1);
			}
			else if (bank.prefix() > 0 && length == bank.prefix() + bank.digits()) {
				text = text.substring(bank.prefix());
			}
			else if (!checkDigitRemoved && bank.checkDigit() && length == bank.digits() + 1) {
				text = text.substring(0, length - 1);
			}
		}
		String stored = Digits.withoutLeadingZeros(text);
		if (stored.isEmpty() || stored.length() > bank.digits()) {
			throw wrong(bank, printed);
		}
		return stored;
	}

	private static IllegalArgumentException wrong(Bank bank, String printed) {
		return new IllegalArgumentException("is not a nosso número of " + bank.name() + " (got \"" + printed.strip()
				+ "\"): write it as the boleto prints it, e.g. " + bank.printed());
	}

}
