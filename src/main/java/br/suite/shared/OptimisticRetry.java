package br.suite.shared;

import java.util.function.Supplier;

import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs a read-modify-write in its own transaction and retries it when another request
 * changed the same row in between (the row's version moved), so concurrent writers never
 * lose an update and never see the conflict. Services that read the row
 * {@code FOR UPDATE} rarely need the retry; it guards the rest.
 */
@Component
public class OptimisticRetry {

	private static final int ATTEMPTS = 10;

	private final TransactionTemplate transactions;

	OptimisticRetry(PlatformTransactionManager transactionManager) {
		this.transactions = new TransactionTemplate(transactionManager);
	}

	public <T> T run(Supplier<T> work) {
		for (int attempt = 1;; attempt++) {
			try {
				return this.transactions.execute(status -> work.get());
			}
			catch (OptimisticLockingFailureException ex) {
				if (attempt >= ATTEMPTS) {
					throw new ApiProblem.Conflict("The record is being changed by others right now; try again.");
				}
				Thread.onSpinWait();
			}
		}
	}

}
