package br.suite.finance.collection;

import java.util.Date;
import java.util.Properties;

import jakarta.mail.MessagingException;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.stereotype.Component;

/**
 * Spring's {@link JavaMailSenderImpl} for the current {@link MailSettings}: built again
 * whenever the settings record is another one (read at each use, never fixed at start),
 * so the server, its port and its credentials can change while the service runs.
 */
@Component
class Mailer {

	private static final Logger log = LoggerFactory.getLogger(Mailer.class);

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
	 * Hands the message to the SMTP server over a connection of its own: connect, send,
	 * close. Once the server has accepted the message (its reply to the end of the data)
	 * the message is delivered: a failure to close the connection afterwards (the server
	 * gone before it answers {@code QUIT}) is logged, not thrown. Spring's
	 * {@link JavaMailSenderImpl#send} throws it, and a message the server already has
	 * would be tried again and arrive twice.
	 * @throws MessagingException when the server cannot be reached, refuses the message
	 * or fails before accepting it
	 */
	void send(MimeMessage message) throws MessagingException {
		JavaMailSenderImpl sender = sender();
		Transport transport = sender.getSession().getTransport("smtp");
		transport.connect(sender.getHost(), sender.getPort(), sender.getUsername(), sender.getPassword());
		try {
			if (message.getSentDate() == null) {
				message.setSentDate(new Date());
			}
			message.saveChanges();
			transport.sendMessage(message, message.getAllRecipients());
		}
		finally {
			try {
				transport.close();
			}
			catch (MessagingException ex) {
				log.info("Closing the SMTP connection after a message failed ({}); the message's outcome stands",
						reason(ex));
			}
		}
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
