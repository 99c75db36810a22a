package br.suite.finance.reconciliation;

import io.micrometer.core.instrument.Metrics;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import br.suite.finance.AllocationsCreated;

/**
 * Counts allocations by the rule that made them
 * ({@code suite.reconciliation.allocations}, docs/operations.md "Metrics") once their
 * transaction commits. A plain listener with a synchronisation rather than a
 * transactional event listener, which Spring Modulith would store in its event registry.
 */
@Component
class ReconciliationMeters {

	@EventListener
	void allocated(AllocationsCreated event) {
		Runnable count = () -> event.allocations()
			.forEach(allocation -> Metrics.counter("suite.reconciliation.allocations", "rule", allocation.rule())
				.increment());
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					count.run();
				}
			});
		}
		else {
			count.run();
		}
	}

}
