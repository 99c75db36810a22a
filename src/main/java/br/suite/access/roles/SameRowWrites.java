package br.suite.access.roles;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * Group commit for writes of one row: concurrent writes with the same key are applied one
 * after the other by one thread in one transaction, each in its own savepoint, and
 * committed together, so they share one WAL flush instead of each holding the row's lock
 * through its own (docs/performance.md, scenario e).
 *
 * <p>
 * Each write runs with its own request's security context and request attributes (the
 * audit event records its own actor, token and request id), sees the writes queued before
 * it, and fails alone. A write must refuse (throw) before its first modifying statement:
 * then nothing of it is in the transaction, its exception goes to its own caller, and the
 * others go on in the same transaction, with no savepoint around each (two round trips
 * per write saved, docs/performance.md). When the database fails a statement (the
 * transaction is aborted, or the exception comes from data access), the batch is rolled
 * back and each of its writes is run again alone in a transaction of its own, so only the
 * failing one fails. Every caller gets its answer only after the commit; if the commit
 * fails, every write of the batch fails with it. Writes of different keys never wait for
 * each other here.
 */
@Component
public class SameRowWrites {

	/**
	 * The most writes one transaction applies before it commits (bounds the wait of the
	 * first one).
	 */
	private static final int MAX_BATCH = 64;

	private final TransactionTemplate batch;

	private final JdbcClient jdbc;

	private final Map<Object, Queue<Write<?>>> queues = new ConcurrentHashMap<>();

	private final Set<Object> leading = ConcurrentHashMap.newKeySet();

	SameRowWrites(PlatformTransactionManager transactions, JdbcClient jdbc) {
		this.batch = new TransactionTemplate(transactions);
		this.jdbc = jdbc;
	}

	/**
	 * Thrown inside the batch's transaction when the database failed one of its writes:
	 * the batch is rolled back and run again write by write.
	 */
	private static final class DatabaseFailed extends RuntimeException {

		DatabaseFailed() {
			super(null, null, false, false);
		}

	}

	private static final class Write<T> {

		final Supplier<T> work;

		final SecurityContext security;

		final @Nullable RequestAttributes request;

		/**
		 * Released when the write is answered, and when a leader hands the lead over to
		 * it.
		 */
		final Semaphore wake = new Semaphore(0);

		volatile boolean answered;

		@Nullable T value;

		@Nullable RuntimeException failure;

		Write(Supplier<T> work) {
			this.work = work;
			this.security = SecurityContextHolder.getContext();
			this.request = RequestContextHolder.getRequestAttributes();
		}

		/**
		 * Applies the write in the current transaction; whether the database failed it
		 * (then the transaction must be rolled back).
		 */
		boolean apply(Predicate<RuntimeException> aborted) {
			SecurityContextHolder.setContext(this.security);
			RequestContextHolder.setRequestAttributes(this.request);
			this.value = null;
			this.failure = null;
			try {
				this.value = this.work.get();
				return false;
			}
			catch (RuntimeException ex) {
				this.failure = ex;
				return aborted.test(ex);
			}
		}

		void answer(@Nullable RuntimeException commitFailure) {
			if (commitFailure != null && this.failure == null) {
				this.failure = commitFailure;
			}
			this.answered = true;
			this.wake.release();
		}

		T result() {
			if (this.failure != null) {
				throw this.failure;
			}
			return this.value;
		}

	}

	/**
	 * Runs the write in a transaction shared with the other writes of the same key
	 * waiting now; its result.
	 */
	<T> T run(Object key, Supplier<T> work) {
		Write<T> write = new Write<>(work);
		Queue<Write<?>> queue = this.queues.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>());
		queue.add(write);
		while (!write.answered) {
			if (this.leading.add(key)) {
				// The leader applies batches (oldest first) until its own write is
				// answered, then hands the lead
				// to the oldest write still waiting, so no caller waits longer than the
				// batches ahead of it.
				try {
					while (!write.answered) {
						applyBatch(queue);
					}
				}
				finally {
					this.leading.remove(key);
				}
				Write<?> next = queue.peek();
				if (next != null) {
					next.wake.release();
				}
				break;
			}
			write.wake.acquireUninterruptibly();
		}
		return write.result();
	}

	private void applyBatch(Queue<Write<?>> queue) {
		List<Write<?>> writes = new ArrayList<>();
		for (Write<?> write = queue.poll(); write != null; write = writes.size() < MAX_BATCH ? queue.poll() : null) {
			writes.add(write);
		}
		if (writes.isEmpty()) {
			return;
		}
		SecurityContext ownSecurity = SecurityContextHolder.getContext();
		RequestAttributes ownRequest = RequestContextHolder.getRequestAttributes();
		try {
			RuntimeException commitFailure = commit(writes);
			if (commitFailure instanceof DatabaseFailed) {
				for (Write<?> write : writes) {
					write.answer(commit(List.of(write)));
				}
			}
			else {
				writes.forEach(write -> write.answer(commitFailure));
			}
		}
		finally {
			SecurityContextHolder.setContext(ownSecurity);
			RequestContextHolder.setRequestAttributes(ownRequest);
		}
	}

	/**
	 * Applies the writes in one transaction and commits it; the commit's failure, or
	 * {@link DatabaseFailed} when the database failed one of them (all rolled back).
	 */
	private @Nullable RuntimeException commit(List<Write<?>> writes) {
		try {
			this.batch.executeWithoutResult(status -> {
				for (Write<?> write : writes) {
					if (write.apply(this::transactionAborted)) {
						throw new DatabaseFailed();
					}
				}
			});
			return null;
		}
		catch (RuntimeException ex) {
			return (ex instanceof DatabaseFailed && writes.size() == 1) ? writes.get(0).failure : ex;
		}
		catch (Error ex) {
			return new IllegalStateException(ex);
		}
	}

	/**
	 * Whether the database aborted the transaction of the current thread (a statement of
	 * it failed): a refusal seen by the caller may hide a failed statement (wrapped by a
	 * library), so the transaction is asked; a refusal costs this one round trip.
	 */
	private boolean transactionAborted(RuntimeException failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof DataAccessException || cause instanceof SQLException) {
				return true;
			}
		}
		try {
			this.jdbc.sql("SELECT 1").query().singleValue();
			return false;
		}
		catch (RuntimeException ex) {
			return true;
		}
	}

}
