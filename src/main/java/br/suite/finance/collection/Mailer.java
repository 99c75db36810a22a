package br.suite.finance.collection;

import java.util.Properties;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.jspecify.annotations.Nullable;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.stereotype.Component;

/**
 * Spring's {@link JavaMailSenderImpl} for the current {@link MailSettings}: built again
 * whenever the settings record is another one (read at each use, never fixed at start),
 * so the server, its port and its credentials can change while the service runs.
 */
@Component
class Mailer {

	private MailSettings settings;

	private @Nullable MailSettings builtFor;

	private @Nullable JavaMailSenderImpl sender;

	Mailer(MailSettings settings) {
		this.settings = settings;
	}

	MailSettings settings() {
		return this.settings;
	}

	boolean configured() {
		return this.settings.configured();
	}

	/** A new message for the current server. */
	MimeMessage message() {
		return sender().createMimeMessage();
	}

	/**
	 * Hands the message to the SMTP server.
	 * @throws org.springframework.mail.MailException when the server cannot be reached,
	 * refuses it or fails
	 */
	void send(MimeMessage message) {
		sender().send(message);
	}

	private synchronized JavaMailSenderImpl sender() {
		MailSettings current = this.settings;
		JavaMailSenderImpl built = this.sender;
		if (built != null && this.builtFor == current) {
			return built;
		}
		JavaMailSenderImpl fresh = new JavaMailSenderImpl();
		fresh.setHost(current.host());
		fresh.setPort(current.port());
		fresh.setDefaultEncoding("UTF-8");
		if (!current.username().isEmpty()) {
			fresh.setUsername(current.username());
			fresh.setPassword(current.password());
		}
		Properties properties = new Properties();
		String timeout = Long.toString(current.timeout().toMillis());
		properties.setProperty("mail.smtp.connectiontimeout", timeout);
		properties.setProperty("mail.smtp.timeout", timeout);
		properties.setProperty("mail.smtp.writetimeout", timeout);
		properties.setProperty("mail.smtp.auth", Boolean.toString(!current.username().isEmpty()));
		properties.setProperty("mail.smtp.starttls.enable", Boolean.toString(current.starttls()));
		properties.setProperty("mail.smtp.starttls.required", Boolean.toString(current.starttls()));
		fresh.setJavaMailProperties(properties);
		this.sender = fresh;
		this.builtFor = current;
		return fresh;
	}

	/** The text of a failure, for the message's reason (no credentials in it). */
	static String reason(Throwable failure) {
		StringBuilder text = new StringBuilder();
		for (Throwable cause = failure; cause != null && text.length() < 400; cause = cause.getCause()) {
			String message = cause.getMessage();
			if (message == null || message.isBlank() || text.indexOf(message.strip()) >= 0) {
				continue;
			}
			if (!text.isEmpty()) {
				text.append(": ");
			}
			text.append(message.strip().replaceAll("\\s+", " "));
			if (cause instanceof MessagingException messaging && messaging.getNextException() == cause) {
				break;
			}
		}
		String reason = text.isEmpty() ? failure.getClass().getSimpleName() : text.toString();
		return reason.length() > 480 ? reason.substring(0, 480) : reason;
	}

}
