package br.suite.finance.charge;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.finance.PixProviderSettings;

/**
 * The public payment page of a pix charge, {@code /pagar/{token}}: the token is the
 * charge's {@code payment_token} (244 random bits from PostgreSQL's strong source, one
 * per charge), so the address is the only credential; the page needs no sign-in and shows
 * what a boleto shows.
 */
@Component
class PaymentLinks {

	static final String PATH = "/pagar/";

	/** What a token looks like; anything else is not looked up. */
	static final Pattern TOKEN = Pattern.compile("[0-9a-f]{64}");

	private final String publicBaseUrl;

	PaymentLinks(PixProviderSettings settings) {
		String base = settings.publicBaseUrl().strip();
		while (base.endsWith("/")) {
			base = base.substring(0, base.length() - 1);
		}
		this.publicBaseUrl = base;
	}

	/**
	 * {@code SUITE_PUBLIC_BASE_URL/pagar/{token}} for a pix charge; null for other kinds
	 * or without a public base URL.
	 */
	@Nullable String url(String kind, String token) {
		if (!kind.equals("pix") || this.publicBaseUrl.isEmpty()) {
			return null;
		}
		return this.publicBaseUrl + PATH + token;
	}

}
