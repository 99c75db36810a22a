package br.suite.finance.collection;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The régua's storage: the messages it decided and sent
 * ({@code finance_collection_message}), the lease that keeps one run at a time across
 * instances ({@code finance_collection_lease}), the day's run mark on the policy's row,
 * and the charges a run reads. Runs in the caller's transaction; {@link CollectionRun}
 * decides and {@link CollectionSender} sends.
 */
@Repository
class CollectionRepository {

	/** A charge whose step is due, as the decision reads it. */
	record Candidate(long chargeId, int step, String payerEmail, String payerDocument) {
	}

	/** A message as a send reads it. */
	record Message(long id, long chargeId, String kind, @Nullable Integer offsetDays, String to, String status,
			int attempts) {
	}

	private static final String MESSAGE = "id, charge_id, kind, offset_days, to_address, status, attempts";

	private final JdbcClient jdbc;

	CollectionRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Marks {@code today} as run when the policy is on, its send time has come and the
	 * day is not marked yet: whether this caller is the one to run it.
	 */
	boolean markDay(LocalDate today, LocalTime time) {
		return this.jdbc.sql("""
				UPDATE finance_collection_policy SET last_run_day = :today
				WHERE id = 1 AND enabled AND send_time <= :time AND (last_run_day IS NULL OR last_run_day < :today)
				RETURNING id""")
			.param("today", Date.valueOf(today))
			.param("time", time)
			.query(Integer.class)
			.optional()
			.isPresent();
	}

	/** Takes the run's lease for an hour unless another holder's is still good. */
	boolean lease(String holder) {
		return this.jdbc
			.sql("""
					INSERT INTO finance_collection_lease (id, holder, held_until) VALUES (1, :holder, now() + interval '1 hour')
					ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, held_until = excluded.held_until
					WHERE finance_collection_lease.held_until < now()
					RETURNING holder""")
			.param("holder", holder)
			.query(String.class)
			.optional()
			.isPresent();
	}

	void release(String holder) {
		this.jdbc.sql("DELETE FROM finance_collection_lease WHERE holder = ?").param(holder).update();
	}

	/**
	 * The messages to try again: failed, or pending since before {@code abandoned} (an
	 * interval: left by a run that stopped).
	 */
	List<Long> retries(String abandoned) {
		return this.jdbc.sql("""
				SELECT id FROM finance_collection_message
				WHERE status = 'failed' OR (status = 'pending' AND updated_at < now() - CAST(:abandoned AS interval))
				ORDER BY id""").param("abandoned", abandoned).query(Long.class).list();
	}

	/** How many of the messages {@code ids} are in {@code status}. */
	int count(List<Long> ids, String status) {
		if (ids.isEmpty()) {
			return 0;
		}
		return this.jdbc.sql("SELECT count(*) FROM finance_collection_message WHERE id IN (:ids) AND status = :status")
			.param("ids", ids)
			.param("status", status)
			.query(Integer.class)
			.single();
	}

	/**
	 * The open charges with money open, a due date and a payer to write to whose latest
	 * step of {@code steps} is due on {@code today}, unless that step or a later one was
	 * decided for the charge already.
	 */
	List<Candidate> candidates(List<Integer> steps, LocalDate today) {
		return this.jdbc.sql("""
				SELECT x.id, x.step, x.payer_email, x.payer_document FROM (
				    SELECT c.id, c.payer_email, c.payer_document,
				        (SELECT max(s) FROM unnest(CAST(:steps AS integer[])) s
				         WHERE c.due_date + s <= CAST(:today AS date)) AS step
				    FROM finance_charge c
				    WHERE c.status IN ('open', 'partially_paid') AND c.paid_amount < c.amount
				        AND c.due_date IS NOT NULL AND c.due_date + :first <= CAST(:today AS date)
				        AND (c.payer_email <> '' OR c.payer_document <> '')) x
				WHERE x.step IS NOT NULL AND NOT EXISTS (
				    SELECT 1 FROM finance_collection_message m
				    WHERE m.charge_id = x.id AND m.kind = 'reminder' AND m.offset_days >= x.step)
				ORDER BY x.id""")
			.param("steps", "{" + String.join(",", steps.stream().map(String::valueOf).toList()) + "}")
			.param("today", Date.valueOf(today))
			.param("first", steps.get(0))
			.query((rs, n) -> new Candidate(rs.getLong("id"), rs.getInt("step"), rs.getString("payer_email"),
					rs.getString("payer_document")))
			.list();
	}

	/**
	 * A decided message; empty when the charge has it already (the table's unique key,
	 * across instances).
	 */
	Optional<Long> insert(long chargeId, String kind, @Nullable Integer offsetDays, String to, String subject,
			BigDecimal amount, String status, String reason) {
		return this.jdbc.sql("""
				INSERT INTO finance_collection_message (charge_id, kind, offset_days, to_address, subject, amount,
				    status, reason, decided_at, updated_at)
				VALUES (:chargeId, :kind, :offsetDays, :to, :subject, :amount, :status, :reason, now(), now())
				ON CONFLICT DO NOTHING RETURNING id""")
			.param("chargeId", chargeId)
			.param("kind", kind)
			.param("offsetDays", offsetDays)
			.param("to", to)
			.param("subject", clip(subject, 300))
			.param("amount", amount)
			.param("status", status)
			.param("reason", reason)
			.query(Long.class)
			.optional();
	}

	/** The message, locked for the send's decision. */
	Optional<Message> lock(long id) {
		return this.jdbc.sql("SELECT " + MESSAGE + " FROM finance_collection_message WHERE id = ? FOR UPDATE")
			.param(id)
			.query(CollectionRepository::message)
			.optional();
	}

	/** Whether a later step's reminder was decided for the charge. */
	boolean superseded(long chargeId, @Nullable Integer offsetDays) {
		return Boolean.TRUE.equals(this.jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM finance_collection_message
				WHERE charge_id = ? AND kind = 'reminder' AND offset_days > ?)""")
			.params(chargeId, offsetDays)
			.query(Boolean.class)
			.single());
	}

	/** One more attempt, with what it sends: the attempts so far. */
	int attempt(long id, String subject, BigDecimal amount) {
		return this.jdbc.sql("""
				UPDATE finance_collection_message SET attempts = attempts + 1, subject = :subject, amount = :amount,
				    updated_at = now()
				WHERE id = :id RETURNING attempts""")
			.param("subject", clip(subject, 300))
			.param("amount", amount)
			.param("id", id)
			.query(Integer.class)
			.single();
	}

	/** Why the last attempt failed, while the next one waits. */
	void reason(long id, String reason) {
		this.jdbc.sql("UPDATE finance_collection_message SET reason = ?, updated_at = now() WHERE id = ?")
			.params(reason, id)
			.update();
	}

	/** The message closed without a send (skipped, opted out). */
	void close(long id, String status, String reason) {
		this.jdbc.sql("UPDATE finance_collection_message SET status = ?, reason = ?, updated_at = now() WHERE id = ?")
			.params(status, reason, id)
			.update();
	}

	void sent(long id, Instant at, String messageId) {
		this.jdbc.sql("""
				UPDATE finance_collection_message SET status = 'sent', reason = '', sent_at = :now,
				    message_id = :messageId, updated_at = :now
				WHERE id = :id""")
			.param("now", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
			.param("messageId", clip(messageId, 200))
			.param("id", id)
			.update();
	}

	/** The message failed, unless it was closed meanwhile: the message as it is now. */
	Optional<Message> failed(long id, String reason) {
		return this.jdbc.sql("""
				UPDATE finance_collection_message SET status = 'failed', reason = ?, updated_at = now()
				WHERE id = ? AND status IN ('pending', 'failed')
				RETURNING\s""" + MESSAGE).params(clip(reason, 500), id).query(CollectionRepository::message).optional();
	}

	/**
	 * The open charge with a due date that the page's preview fills the templates with.
	 */
	Optional<Long> sampleCharge() {
		return this.jdbc.sql("""
				SELECT id FROM finance_charge WHERE status IN ('open', 'partially_paid') AND paid_amount < amount
				    AND due_date IS NOT NULL ORDER BY due_date DESC, id DESC LIMIT 1""").query(Long.class).optional();
	}

	private static Message message(ResultSet rs, int n) throws SQLException {
		return new Message(rs.getLong("id"), rs.getLong("charge_id"), rs.getString("kind"),
				rs.getObject("offset_days", Integer.class), rs.getString("to_address"), rs.getString("status"),
				rs.getInt("attempts"));
	}

	static String clip(String text, int max) {
		return text.length() > max ? text.substring(0, max) : text;
	}

}
