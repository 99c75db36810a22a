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

	/** A connection for several messages in turn (a run's), opened at the first. */
	Connection connection() {
		return new Connection();
	}

	/**
	 * One SMTP connection kept open from message to message: a run's thousands of
	 * messages would otherwise each pay a new connection, the server's greeting, EHLO and
	 * STARTTLS, about half of a message's time. Before each message the connection is
	 * checked ({@code NOOP}) and opened again when the server closed it, the settings
	 * changed, or the previous message failed. Once the server has accepted a message
	 * (its reply to the end of the data) the message is delivered: a failure to close the
	 * connection afterwards (the server gone before it answers {@code QUIT}) is logged,
	 * not thrown. Spring's {@link JavaMailSenderImpl#send} throws it, and a message the
	 * server already has would be tried again and arrive twice.
	 */
	final class Connection implements AutoCloseable {

		private @Nullable Transport transport;

		private @Nullable JavaMailSenderImpl openedWith;

		private Connection() {
		}

		/**
		 * Sends the message over this connection.
		 * @throws MessagingException when the server cannot be reached, refuses the
		 * message or fails before accepting it (the connection is then closed, and the
		 * next message opens a new one)
		 */
		void send(MimeMessage message) throws MessagingException {
			JavaMailSenderImpl sender = sender();
			Transport open = this.transport;
			if (open != null && (this.openedWith != sender || !open.isConnected())) {
				close();
				open = null;
			}
			if (open == null) {
				open = sender.getSession().getTransport("smtp");
				open.connect(sender.getHost(), sender.getPort(), sender.getUsername(), sender.getPassword());
				this.transport = open;
				this.openedWith = sender;
			}
			try {
				if (message.getSentDate() == null) {
					message.setSentDate(new Date());
				}
				message.saveChanges();
				open.sendMessage(message, message.getAllRecipients());
			}
			catch (MessagingException | RuntimeException ex) {
				close();
				throw ex;
			}
		}

		@Override
		public void close() {
			Transport open = this.transport;
			this.transport = null;
			this.openedWith = null;
			if (open == null) {
				return;
			}
			try {
				open.close();
			}
			catch (MessagingException ex) {
				log.info("Closing the SMTP connection failed ({}); the outcome of the messages sent stands",
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
