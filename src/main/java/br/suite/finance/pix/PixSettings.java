package br.suite.finance.pix;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The company as a Pix receiver ({@code suite.finance.pix.*}): its Pix key (as registered
 * in DICT: CPF/CNPJ digits, e-mail in lower case, phone {@code +55…}, or the random key
 * with hyphens) and the merchant name (≤ 25) and city (≤ 15) printed in BR Codes. Without
 * a key, Suite offers no static BR Code.
 */
@ConfigurationProperties("suite.finance.pix")
public record PixSettings(@DefaultValue("") String key, @DefaultValue("") String merchantName,
		@DefaultValue("") String merchantCity) {

	/** What a dynamic BR Code built from a location needs. */
	public boolean merchantConfigured() {
		return !this.merchantName.isBlank() && !this.merchantCity.isBlank();
	}

	public boolean configured() {
		return !this.key.isBlank() && !this.merchantName.isBlank() && !this.merchantCity.isBlank();
	}

}
