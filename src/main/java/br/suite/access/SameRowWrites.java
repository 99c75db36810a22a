package br.suite.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
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
 * it, and fails alone: its savepoint is rolled back and its exception is thrown to its
 * own caller, while the others commit. Every caller gets its answer only after the
 * commit; if the commit fails, every write of the batch fails with it. Writes of
 * different keys never wait for each other here.
 */
@Component
class SameRowWrites {

	/**
	 * The most writes one transaction applies before it commits (bounds the wait of the
	 * first one).
	 */
	private static final int MAX_BATCH = 64;

	private final TransactionTemplate batch;

	private final TransactionTemplate each;

	private final Map<Object, Queue<Write<?>>> queues = new ConcurrentHashMap<>();

	private final Set<Object> leading = ConcurrentHashMap.newKeySet();

	SameRowWrites(PlatformTransactionManager transactions) {
		this.batch = new TransactionTemplate(transactions);
		this.each = new TransactionTemplate(transactions);
		this.each.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
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

		void apply(TransactionTemplate savepoint) {
			SecurityContextHolder.setContext(this.security);
			RequestContextHolder.setRequestAttributes(this.request);
			try {
				this.value = savepoint.execute(status -> this.work.get());
			}
			catch (RuntimeException ex) {
				this.failure = ex;
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
		RuntimeException commitFailure = null;
		try {
			this.batch.executeWithoutResult(status -> writes.forEach(write -> write.apply(this.each)));
		}
		catch (RuntimeException ex) {
			commitFailure = ex;
		}
		catch (Error ex) {
			commitFailure = new IllegalStateException(ex);
		}
		finally {
			SecurityContextHolder.setContext(ownSecurity);
			RequestContextHolder.setRequestAttributes(ownRequest);
		}
		for (Write<?> write : writes) {
			write.answer(commitFailure);
		}
	}

}
