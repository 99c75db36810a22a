package br.suite.audit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Chains the audit events. Writers append events unchained and take no shared lock (see
 * {@link AuditLog#record}); every {@code seal-interval} one instance at a time (a
 * transaction-scoped advisory lock; an instance that cannot take it skips the run) seals
 * the committed events not sealed yet: each gets the next chain position
 * ({@code chain_seq}, gap-free), the previous sealed event's hash and its own SHA-256.
 * <p>
 * An event's id is taken before its transaction commits, so a lower id may commit after a
 * higher one has been sealed. The sequencer therefore keeps no high-water mark of ids: it
 * takes every event still unsealed ({@code chain_seq IS NULL}, a partial index), so an
 * event committed late is sealed by a later run, after the ones sealed before it. Every
 * committed event is sealed exactly once, in the order sealed (about the commit order):
 * none is skipped, and a rolled-back one never was in the chain.
 */
@Service
class AuditSequencer {

	private static final Logger logger = LoggerFactory.getLogger(AuditSequencer.class);

	private static final int BATCH = 1000;

	private final JdbcClient jdbc;

	private final JdbcTemplate template;

	private final TransactionTemplate transactions;

	private final AuditLog log;

	AuditSequencer(JdbcClient jdbc, JdbcTemplate template, PlatformTransactionManager transactionManager,
			AuditLog log) {
		this.jdbc = jdbc;
		this.template = template;
		this.transactions = new TransactionTemplate(transactionManager);
		this.transactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		this.log = log;
	}

	@Scheduled(fixedDelayString = "${suite.audit.seal-interval:250ms}",
			initialDelayString = "${suite.audit.seal-interval:250ms}")
	void scheduled() {
		try {
			sealPending();
		}
		catch (RuntimeException ex) {
			logger.warn("Audit events not sealed: {}", ex.toString());
		}
	}

	/**
	 * Seals every event that can be sealed now; answers how many (0 as well when another
	 * instance is sealing).
	 */
	int sealPending() {
		int total = 0;
		int sealed;
		do {
			sealed = sealBatch();
			total += Math.max(sealed, 0);
		}
		while (sealed == BATCH);
		return total;
	}

	/**
	 * Seals until every event committed before the call is sealed or the patience runs
	 * out (a transaction still running holds back the events committed after it started).
	 */
	void sealCommitted(Duration patience) {
		long newest = this.jdbc.sql("SELECT coalesce(max(id), 0) FROM audit_event WHERE chain_seq IS NULL")
			.query(Long.class)
			.single();
		long deadline = System.nanoTime() + patience.toNanos();
		while (newest > 0) {
			sealPending();
			boolean left = this.jdbc
				.sql("SELECT EXISTS (SELECT 1 FROM audit_event WHERE chain_seq IS NULL AND id <= :id)")
				.param("id", newest)
				.query(Boolean.class)
				.single();
			if (!left || System.nanoTime() > deadline) {
				return;
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	/** Seals one batch; -1 when another instance holds the sequencer's lock. */
	private int sealBatch() {
		Integer sealed = this.transactions.execute(status -> {
			if (!this.jdbc.sql("SELECT pg_try_advisory_xact_lock(hashtextextended('audit.sequencer', 7429))")
				.query(Boolean.class)
				.single()) {
				return -1;
			}
			List<AuditEvents.Stored> batch = this.jdbc
				.sql("SELECT *, changes::text AS changes_text FROM audit_event WHERE chain_seq IS NULL ORDER BY id "
						+ "LIMIT " + BATCH)
				.query(AuditEvents::stored)
				.list();
			if (batch.isEmpty()) {
				return 0;
			}
			Head head = this.jdbc.sql("SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1")
				.query((rs, n) -> new Head(rs.getLong("last_seq"), rs.getString("last_hash")))
				.single();
			long seq = head.lastSeq();
			String previous = head.lastHash();
			List<Object[]> rows = new ArrayList<>(batch.size());
			for (AuditEvents.Stored event : batch) {
				seq++;
				String hash = AuditLog.hash(this.log.canonical(previous, event.id(), event.at().toInstant(),
						event.actorId(), event.actorName(), event.tokenId(), event.clientAddress(), event.requestId(),
						event.action(), event.resourceType(), event.resourceId(), event.changesText()));
				rows.add(new Object[] { seq, previous, hash, event.id() });
				previous = hash;
			}
			int[] updated = this.template.batchUpdate(
					"UPDATE audit_event SET chain_seq = ?, previous_hash = ?, hash = ? WHERE id = ? AND chain_seq IS NULL",
					rows);
			for (int count : updated) {
				if (count != 1) {
					throw new IllegalStateException("an audit event was sealed by someone else meanwhile");
				}
			}
			this.jdbc.sql("UPDATE audit_chain_head SET last_id = :id, last_seq = :seq, last_hash = :hash WHERE id = 1")
				.param("id", batch.get(batch.size() - 1).id())
				.param("seq", seq)
				.param("hash", previous)
				.update();
			return batch.size();
		});
		return sealed == null ? 0 : sealed;
	}

	private record Head(long lastSeq, String lastHash) {
	}

}
