package br.suite.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import tools.jackson.databind.JsonNode;

/**
 * Audited writes take no shared lock: they append unchained events, and the sequencer
 * chains them once their transactions have ended (issue 28).
 */
class AuditSequencerTests extends AuditTest {

	private static final Duration PATIENCE = Duration.ofSeconds(30);

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TransactionTemplate transactions;

	@Autowired
	AuditLog log;

	@Autowired
	AuditSequencer sequencer;

	private void record(String action, Object resourceId) {
		this.log.record(AuditLog.Actor.service("sequencer test"), action, "test", resourceId,
				AuditLog.Changes.of().created("n", resourceId));
	}

	private long currentId() {
		return this.jdbc.sql("SELECT currval('audit_event_id_seq')").query(Long.class).single();
	}

	private Long chainSeq(long id) {
		return this.jdbc.sql("SELECT chain_seq FROM audit_event WHERE id = :id")
			.param("id", id)
			.query(Long.class)
			.optional()
			.orElse(null);
	}

	private JsonNode verified() {
		JsonNode report = this.api.get("/api/audit/events/verify-chain/").json();
		assertThat(report.get("intact").asBoolean()).as(report.toString()).isTrue();
		return report;
	}

	@Test
	void concurrentAuditedWritesAllEndUpSealedInOneValidChain() throws Exception {
		String action = "test.concurrent." + unique("w").replace('-', '_');
		int writers = 16;
		int each = 20;
		ExecutorService pool = Executors.newFixedThreadPool(writers);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> done = new ArrayList<>();
			for (int w = 0; w < writers; w++) {
				int writer = w;
				done.add(pool.submit(() -> {
					start.await();
					for (int i = 0; i < each; i++) {
						record(action, writer * 1000 + i);
					}
					return null;
				}));
			}
			start.countDown();
			for (Future<?> future : done) {
				future.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		this.sequencer.sealCommitted(PATIENCE);
		assertThat(this.jdbc.sql("SELECT count(*) FROM audit_event WHERE action = :action AND chain_seq IS NOT NULL")
			.param("action", action)
			.query(Long.class)
			.single()).isEqualTo(writers * each);
		JsonNode report = verified();
		assertThat(report.get("checked_count").asLong()).isEqualTo(report.get("sealed_through").asLong());
	}

	@Test
	void anEventWithALowerIdCommittedAfterAHigherOneWasSealedIsStillChained() throws Exception {
		String action = "test.late." + unique("w").replace('-', '_');
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			CountDownLatch earlyHasXid = new CountDownLatch(1);
			CountDownLatch lateWrote = new CountDownLatch(1);
			CountDownLatch release = new CountDownLatch(1);
			// The late transaction takes the lower event id and commits last, after the
			// higher id was sealed.
			Future<Long> early = pool.submit(() -> this.transactions.execute(status -> {
				this.jdbc.sql("SELECT pg_current_xact_id()::text").query(String.class).single();
				earlyHasXid.countDown();
				await(lateWrote);
				record(action, "early");
				return currentId();
			}));
			Future<Long> late = pool.submit(() -> this.transactions.execute(status -> {
				await(earlyHasXid);
				record(action, "late");
				long id = currentId();
				lateWrote.countDown();
				await(release);
				return id;
			}));
			long earlyId = early.get(1, TimeUnit.MINUTES);
			// The higher id is committed and sealed while the lower one is still open.
			this.sequencer.sealCommitted(PATIENCE);
			Long earlySeq = chainSeq(earlyId);
			assertThat(earlySeq).isNotNull();
			assertThat(late.isDone()).isFalse();
			release.countDown();
			long lateId = late.get(1, TimeUnit.MINUTES);
			assertThat(lateId).isLessThan(earlyId);
			this.sequencer.sealCommitted(PATIENCE);
			Long lateSeq = chainSeq(lateId);
			assertThat(lateSeq).isNotNull().isGreaterThan(earlySeq);
		}
		finally {
			pool.shutdownNow();
		}
		verified();
	}

	private static void await(CountDownLatch latch) {
		try {
			assertThat(latch.await(1, TimeUnit.MINUTES)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void theDatabaseLetsOnlyTheSequencerSealAnEventAndNothingChangeASealedOne() {
		String action = "test.guard." + unique("w").replace('-', '_');
		// Unsealed (its transaction is still open): sealing it while changing its
		// content is refused.
		assertThatThrownBy(() -> this.transactions.executeWithoutResult(status -> {
			record(action, "x");
			this.jdbc
				.sql("UPDATE audit_event SET action = 'x', chain_seq = -1, previous_hash = repeat('0', 64), "
						+ "hash = repeat('0', 64) WHERE id = currval('audit_event_id_seq')")
				.update();
		})).hasMessageContaining("append-only");
		record(action, "y");
		this.sequencer.sealCommitted(PATIENCE);
		long id = this.jdbc.sql("SELECT id FROM audit_event WHERE action = :action")
			.param("action", action)
			.query(Long.class)
			.single();
		assertThat(chainSeq(id)).isNotNull();
		// Sealed: not even its chain position or hash can change.
		assertThatThrownBy(() -> this.jdbc
			.sql("UPDATE audit_event SET chain_seq = NULL, previous_hash = NULL, " + "hash = NULL WHERE id = :id")
			.param("id", id)
			.update()).hasMessageContaining("append-only");
		assertThatThrownBy(() -> this.jdbc.sql("UPDATE audit_event SET hash = repeat('0', 64) WHERE id = :id")
			.param("id", id)
			.update()).hasMessageContaining("append-only");
		verified();
	}

	@Test
	void anEventLeftUnsealedTooLongIsReported() throws Exception {
		String action = "test.stale." + unique("w").replace('-', '_');
		ExecutorService pool = Executors.newSingleThreadExecutor();
		CountDownLatch locked = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		try {
			// No instance can seal while this transaction holds the sequencer's lock.
			Future<?> holder = pool.submit(() -> this.transactions.executeWithoutResult(status -> {
				this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended('audit.sequencer', 7429))::text")
					.query(String.class)
					.single();
				locked.countDown();
				await(release);
			}));
			await(locked);
			this.jdbc.sql("""
					INSERT INTO audit_event (at, actor_name, action, resource_type, changes)
					VALUES (now() - interval '2 minutes', 'sequencer test', :action, 'test', '{}')""")
				.param("action", action)
				.update();
			JsonNode report = this.api.get("/api/audit/events/verify-chain/").json();
			assertThat(report.get("intact").asBoolean()).as(report.toString()).isFalse();
			assertThat(report.get("unsealed_count").asLong()).isPositive();
			assertThat(report.toString()).contains("are not chained");
			release.countDown();
			holder.get(1, TimeUnit.MINUTES);
		}
		finally {
			release.countDown();
			pool.shutdownNow();
		}
		this.sequencer.sealCommitted(PATIENCE);
		JsonNode report = verified();
		assertThat(report.get("unsealed_count").asLong()).isZero();
	}

}
