package br.suite.finance.pix;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The Pix webhooks' storage: each connection's registered secret path (by its SHA-256,
 * {@code finance_pix_webhook}) and the inbox of the calls received
 * ({@code finance_pix_webhook_inbox}). {@link PixWebhookService} talks to the provider
 * and decides what an entry becomes.
 */
@Repository
class PixWebhookRepository {

	/** The longest message and source address kept (the columns' limits). */
	private static final int MESSAGE = 10_000;

	private static final int SOURCE = 100;

	private final JdbcClient jdbc;

	PixWebhookRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** An inbox entry claimed for processing, with the attempts made so far. */
	record Claimed(long id, long connectionId, int attempts) {
	}

	/**
	 * The connection's secret path (replacing an earlier one) and the connection marked
	 * configured and active, in the caller's transaction.
	 */
	void register(long connectionId, String pathHash, String urlShown, OffsetDateTime at) {
		this.jdbc.sql("""
				INSERT INTO finance_pix_webhook (connection_id, path_hash, url_shown, registered_at)
				VALUES (?, ?, ?, ?)
				ON CONFLICT (connection_id) DO UPDATE SET path_hash = EXCLUDED.path_hash,
				    url_shown = EXCLUDED.url_shown, registered_at = EXCLUDED.registered_at""")
			.params(connectionId, pathHash, urlShown, at)
			.update();
		this.jdbc
			.sql("UPDATE finance_connection SET webhook_configured = true, status = 'active', "
					+ "version = version + 1, updated_at = ? WHERE id = ?")
			.params(at, connectionId)
			.update();
	}

	/** The connection whose registered path has this SHA-256. */
	Optional<Long> connectionOf(String pathHash) {
		return this.jdbc.sql("SELECT connection_id FROM finance_pix_webhook WHERE path_hash = ?")
			.param(pathHash)
			.query(Long.class)
			.optional();
	}

	/** The new inbox entry's id: pending, due at once. */
	long store(long connectionId, OffsetDateTime receivedAt, String sourceAddress, String body) {
		return this.jdbc.sql("""
				INSERT INTO finance_pix_webhook_inbox (connection_id, received_at, source_address, body, status,
				    next_attempt_at)
				VALUES (?, ?, ?, ?, 'pending', ?) RETURNING id""")
			.params(connectionId, receivedAt, clipped(sourceAddress, SOURCE), body, receivedAt)
			.query(Long.class)
			.single();
	}

	/**
	 * Up to ten due pending entries, oldest first, leased for two minutes and counted as
	 * one more attempt; entries another instance holds are skipped.
	 */
	List<Claimed> claimDue() {
		return this.jdbc.sql("""
				UPDATE finance_pix_webhook_inbox SET next_attempt_at = now() + interval '2 minutes',
				    attempts = attempts + 1
				WHERE id IN (SELECT id FROM finance_pix_webhook_inbox
				             WHERE status = 'pending' AND next_attempt_at <= now()
				             ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
				RETURNING id, connection_id, attempts""")
			.query((rs, n) -> new Claimed(rs.getLong(1), rs.getLong(2), rs.getInt(3)))
			.list();
	}

	String bodyOf(long id) {
		return this.jdbc.sql("SELECT body FROM finance_pix_webhook_inbox WHERE id = ?")
			.param(id)
			.query(String.class)
			.single();
	}

	/** The entry ends ({@code processed} or {@code failed}) with its message. */
	void finish(long id, String status, String message) {
		this.jdbc.sql("UPDATE finance_pix_webhook_inbox SET status = ?, processed_at = now(), message = ? WHERE id = ?")
			.params(status, clipped(message, MESSAGE), id)
			.update();
	}

	/** The entry stays pending, due again in that many seconds. */
	void retryIn(long id, long seconds, String message) {
		this.jdbc
			.sql("UPDATE finance_pix_webhook_inbox SET next_attempt_at = now() + ? * interval '1 second', "
					+ "message = ? WHERE id = ?")
			.params(seconds, clipped(message, MESSAGE), id)
			.update();
	}

	private static String clipped(String text, int length) {
		return text.length() > length ? text.substring(0, length) : text;
	}

}
