package br.suite.finance.collection;

import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.finance.CollectionMessageFailed;
import br.suite.finance.CollectionMessageSent;
import br.suite.finance.PixProviderSettings;
import br.suite.finance.charge.PixCharges;
import br.suite.finance.charge.ChargeResponse;
import br.suite.finance.charge.ChargeService;
import br.suite.finance.collection.CollectionRepository.Message;
import br.suite.finance.collection.CollectionTemplates.Rendered;
import br.suite.finance.collection.CollectionTemplates.Template;

/**
 * Sends one decided message: before each attempt it decides again from the charge as it
 * is now (paid or cancelled meanwhile: skipped; the address opted out: opted_out; a later
 * step recorded: skipped as superseded; a changed amount: written again with the new
 * one), then hands it to the SMTP server, up to {@link MailSettings#attempts} times with
 * a doubling backoff, and records the outcome with its event. The SMTP server is never
 * called inside a database transaction.
 */
@Component
class CollectionSender {

	private static final Logger log = LoggerFactory.getLogger(CollectionSender.class);

	static final String UNSUBSCRIBE_PATH = "/descadastrar/";

	enum Outcome {

		SENT, FAILED, SKIPPED, OPTED_OUT, NONE

	}

	/**
	 * One run's view of the SMTP server: its connection, kept from message to message
	 * (closed when the run ends), and once unreachable, the rest wait for the next run.
	 */
	static final class Circuit implements AutoCloseable {

		@Nullable String unreachable;

		private final Mailer.Connection connection;

		Circuit(Mailer.Connection connection) {
			this.connection = connection;
		}

		@Override
		public void close() {
			this.connection.close();
		}

	}

	/** A circuit for a run: open it in a try-with-resources. */
	Circuit circuit() {
		return new Circuit(this.mailer.connection());
	}

	private final CollectionRepository repository;

	private final TransactionTemplate transactions;

	private final ChargeService charges;

	private final PixCharges pixCharges;

	private final Recipients recipients;

	private final Mailer mailer;

	private final ApplicationEventPublisher events;

	private PixProviderSettings publicSettings;

	CollectionSender(CollectionRepository repository, TransactionTemplate transactions, ChargeService charges,
			PixCharges pixCharges, Recipients recipients, Mailer mailer, ApplicationEventPublisher events,
			PixProviderSettings publicSettings) {
		this.repository = repository;
		this.transactions = transactions;
		this.charges = charges;
		this.pixCharges = pixCharges;
		this.recipients = recipients;
		this.mailer = mailer;
		this.events = events;
		this.publicSettings = publicSettings;
	}

	/** What an attempt writes: the message and where. */
	private record Prepared(long id, long chargeId, String kind, @Nullable Integer offsetDays, String to,
			Rendered rendered, String unsubscribeUrl, int attempts) {
	}

	/** Sends the message {@code id} of policy {@code templates}; the outcome. */
	Outcome send(long id, CollectionTemplates.Templates templates, Circuit circuit) {
		MailSettings settings = this.mailer.settings();
		for (int attempt = 1;; attempt++) {
			if (circuit.unreachable != null) {
				return fail(id, "not tried in this run: " + circuit.unreachable, false);
			}
			Object decision = this.transactions.execute(status -> prepare(id, templates));
			if (decision instanceof Outcome outcome) {
				return outcome;
			}
			Prepared prepared = (Prepared) Objects.requireNonNull(decision);
			try {
				String messageId = deliver(prepared, settings, circuit);
				recordSent(prepared, messageId);
				return Outcome.SENT;
			}
			catch (MessagingException ex) {
				String reason = Mailer.reason(ex);
				if (attempt >= settings.attempts()) {
					log.warn("Collection message {} failed after {} attempts: {}", id, attempt, reason);
					if (unreachable(ex)) {
						circuit.unreachable = "the SMTP server could not be reached (" + reason + ")";
					}
					return fail(id, reason, true);
				}
				this.repository.reason(id, reason);
				pause(settings.backoff().multipliedBy(1L << (attempt - 1)));
			}
		}
	}

	private static void pause(Duration wait) {
		try {
			Thread.sleep(wait.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Whether the failure is the server not being there (rather than refusing this
	 * message).
	 */
	static boolean unreachable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ConnectException || cause instanceof UnknownHostException
					|| cause instanceof NoRouteToHostException || cause instanceof SocketTimeoutException) {
				return true;
			}
			if (cause instanceof MessagingException messaging && messaging.getNextException() != null
					&& unreachable(messaging.getNextException())) {
				return true;
			}
			if (cause.getMessage() != null && cause.getMessage().startsWith("Mail server connection failed")) {
				return true;
			}
		}
		return false;
	}

	/** In a transaction: the decision again, and the attempt counted. */
	private Object prepare(long id, CollectionTemplates.Templates templates) {
		Message row = this.repository.lock(id).orElse(null);
		if (row == null || !(row.status().equals("pending") || row.status().equals("failed"))) {
			return Outcome.NONE;
		}
		ChargeResponse charge = this.charges.get(row.chargeId()).body();
		boolean receipt = row.kind().equals("receipt");
		boolean open = (charge.status().equals("open") || charge.status().equals("partially_paid"))
				&& charge.openAmount().signum() > 0;
		if (receipt && !(charge.status().equals("paid") || charge.status().equals("overpaid"))) {
			return close(row.id(), "skipped", "charge_not_paid");
		}
		if (!receipt && !open) {
			return close(row.id(), "skipped", charge.status().equals("cancelled") ? "charge_cancelled" : "charge_paid");
		}
		if (!receipt && this.repository.superseded(row.chargeId(), row.offsetDays())) {
			return close(row.id(), "skipped", "superseded");
		}
		if (this.recipients.optedOut(row.to())) {
			return close(row.id(), "opted_out", "");
		}
		if (!this.mailer.configured()) {
			return close(row.id(), "skipped", "mail_not_configured");
		}
		String base = publicBaseUrl();
		if (base.isEmpty()) {
			return close(row.id(), "skipped", "public_base_url_not_configured");
		}
		BigDecimal amount = receipt ? charge.paidAmount() : charge.openAmount();
		Template template = receipt ? CollectionTemplates.RECEIPT
				: templates.forOffset(Objects.requireNonNull(row.offsetDays()));
		String unsubscribe = base + UNSUBSCRIBE_PATH + this.recipients.token(row.to());
		Rendered rendered = CollectionTemplates.render(template, values(charge, amount, receipt), unsubscribe);
		int attempts = this.repository.attempt(row.id(), rendered.subject(), amount);
		return new Prepared(row.id(), row.chargeId(), row.kind(), row.offsetDays(), row.to(), rendered, unsubscribe,
				attempts);
	}

	CollectionTemplates.Values values(ChargeResponse charge, BigDecimal amount, boolean receipt) {
		return new CollectionTemplates.Values(charge.payerName(), amount, charge.dueDate(), charge.description(),
				receipt ? null : charge.paymentUrl(), receipt ? null : this.pixCharges.brCodeIfAny(charge.id()));
	}

	String publicBaseUrl() {
		String base = this.publicSettings.publicBaseUrl().strip();
		while (base.endsWith("/")) {
			base = base.substring(0, base.length() - 1);
		}
		return base;
	}

	private Outcome close(long id, String status, String reason) {
		this.repository.close(id, status, reason);
		return status.equals("opted_out") ? Outcome.OPTED_OUT : Outcome.SKIPPED;
	}

	private String deliver(Prepared prepared, MailSettings settings, Circuit circuit) throws MessagingException {
		MimeMessage mime = this.mailer.message();
		MimeMessageHelper helper = new MimeMessageHelper(mime, MimeMessageHelper.MULTIPART_MODE_MIXED_RELATED, "UTF-8");
		helper.setFrom(settings.from());
		helper.setTo(prepared.to());
		helper.setSubject(prepared.rendered().subject());
		helper.setText(prepared.rendered().text(), prepared.rendered().html());
		mime.setHeader("List-Unsubscribe", "<" + prepared.unsubscribeUrl() + ">");
		mime.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
		mime.setHeader("Auto-Submitted", "auto-generated");
		mime.setHeader("X-Suite-Collection",
				prepared.kind() + (prepared.offsetDays() == null ? "" : " " + prepared.offsetDays()) + "; charge "
						+ prepared.chargeId());
		circuit.connection.send(mime);
		String messageId = mime.getMessageID();
		return messageId == null ? "" : messageId;
	}

	private void recordSent(Prepared prepared, String messageId) {
		this.transactions.executeWithoutResult(status -> {
			Instant now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS).toInstant();
			this.repository.sent(prepared.id(), now, messageId);
			this.events.publishEvent(new CollectionMessageSent(prepared.id(), prepared.chargeId(), prepared.kind(),
					prepared.offsetDays(), MessageMasks.email(prepared.to()), prepared.rendered().subject(),
					prepared.attempts(), now));
		});
	}

	private Outcome fail(long id, String reason, boolean event) {
		this.transactions.executeWithoutResult(status -> {
			Message row = this.repository.failed(id, reason).orElse(null);
			if (row != null && event) {
				this.events
					.publishEvent(new CollectionMessageFailed(row.id(), row.chargeId(), row.kind(), row.offsetDays(),
							MessageMasks.email(row.to()), CollectionRepository.clip(reason, 500), row.attempts()));
			}
		});
		return Outcome.FAILED;
	}

}
