package br.suite.finance.collection;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The SMTP server the régua de cobrança writes through ({@code suite.mail.*}, from
 * {@code SUITE_MAIL_HOST}, {@code SUITE_MAIL_PORT}, {@code SUITE_MAIL_USERNAME},
 * {@code SUITE_MAIL_PASSWORD}, {@code SUITE_MAIL_FROM}, {@code SUITE_MAIL_STARTTLS}).
 * Without a host (the embedded default) or a From address nothing is sent: messages are
 * still decided and recorded as {@code skipped}, reason {@code mail_not_configured}.
 * {@code starttls} (default true) requires STARTTLS before the credentials go out;
 * {@code false} only for a server on loopback or a trusted network. Each message is tried
 * {@code attempts} times in a run, waiting {@code backoff}, then twice that, in between;
 * {@code timeout} bounds connecting and each read and write. Read at each use
 * ({@link Mailer}), so a changed record takes effect at the next message.
 */
@ConfigurationProperties("suite.mail")
record MailSettings(@DefaultValue("") String host, @DefaultValue("587") int port, @DefaultValue("") String username,
		@DefaultValue("") String password, @DefaultValue("") String from, @DefaultValue("true") boolean starttls,
		@DefaultValue("3") int attempts, @DefaultValue("2s") Duration backoff, @DefaultValue("20s") Duration timeout) {

	MailSettings {
		if (attempts < 1 || attempts > 10) {
			throw new IllegalArgumentException("suite.mail.attempts must be between 1 and 10");
		}
		if (port < 1 || port > 65535) {
			throw new IllegalArgumentException("suite.mail.port must be between 1 and 65535");
		}
	}

	/** Whether messages can be sent: a host and a From address. */
	boolean configured() {
		return !this.host.isBlank() && !this.from.isBlank();
	}

	@Override
	public String toString() {
		return "MailSettings[host=" + this.host + ", port=" + this.port + ", username=" + this.username + ", password="
				+ (this.password.isEmpty() ? "" : "(set)") + ", from=" + this.from + ", starttls=" + this.starttls
				+ "]";
	}

}
