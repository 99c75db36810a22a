package br.suite.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
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
 * Group commit for writes of one row: concurrent writes with the same key are applied one after the other by
 * one thread in one transaction, each in its own savepoint, and committed together, so they share one WAL
 * flush instead of each holding the row's lock through its own (docs/performance.md, scenario e).
 *
 * <p>Each write runs with its own request's security context and request attributes (the audit event
 * records its own actor, token and request id), sees the writes queued before it, and fails alone: its
 * savepoint is rolled back and its exception is thrown to its own caller, while the others commit. Every
 * caller gets its answer only after the commit; if the commit fails, every write of the batch fails with it.
 * Writes of different keys never wait for each other here.
 */
@Component
class SameRowWrites {

	/** The most writes one transaction applies before it commits (bounds the wait of the first one). */
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

		final CompletableFuture<T> answer = new CompletableFuture<>();

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

		void committed() {
			if (this.failure != null) {
				this.answer.completeExceptionally(this.failure);
			}
			else {
				this.answer.complete(this.value);
			}
		}

	}

	/** Runs the write in a transaction shared with the other writes of the same key waiting now; its result. */
	<T> T run(Object key, Supplier<T> work) {
		Write<T> write = new Write<>(work);
		Queue<Write<?>> queue = this.queues.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>());
		queue.add(write);
		// Whoever holds the key's leadership drains its queue; a leader checks again after letting go, so a
		// write queued while it let go is never left behind.
		while (!write.answer.isDone() && this.leading.add(key)) {
			try {
				while (!queue.isEmpty()) {
					applyBatch(queue);
				}
			}
			finally {
				this.leading.remove(key);
			}
			if (queue.isEmpty()) {
				break;
			}
		}
		try {
			return write.answer.get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for a write to commit", ex);
		}
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
			this.batch.executeWithoutResult(status -> writes.forEach(write -> write.apply(this.each)));
		}
		catch (RuntimeException | Error commitFailure) {
			RuntimeException failure = commitFailure instanceof RuntimeException runtime ? runtime
					: new IllegalStateException(commitFailure);
			writes.forEach(write -> write.answer.completeExceptionally(write.failure != null ? write.failure : failure));
			return;
		}
		finally {
			SecurityContextHolder.setContext(ownSecurity);
			RequestContextHolder.setRequestAttributes(ownRequest);
		}
		writes.forEach(Write::committed);
	}

}
