package br.suite.webhooks;

import org.springframework.modulith.events.ApplicationModuleListener;
import org.springframework.stereotype.Component;

import br.suite.access.UserChanged;
import br.suite.bills.BillCreated;
import br.suite.bills.BillPaid;
import br.suite.bills.InstallmentOverdue;
import br.suite.finance.AllocationsCreated;
import br.suite.finance.ChargesPaid;
import br.suite.finance.CollectionMessageFailed;
import br.suite.finance.CollectionMessageSent;
import br.suite.finance.FiscalDocumentStatusChanged;
import br.suite.imports.TransactionsImported;
import br.suite.fins.FinsRecordOverdue;
import br.suite.processdocs.DocumentApproved;
import br.suite.processdocs.DocumentReviewDue;
import br.suite.timeclock.PunchRegistered;
import br.suite.timeclock.TimeclockRequestChanged;

/**
 * Turns other modules' domain events into deliveries. Each listener runs after the
 * publishing transaction commits, in its own transaction, from Spring Modulith's JDBC
 * event publication registry: an event whose listener did not complete (the service
 * stopped in between, the database failed) is handed to it again on the next start, so a
 * committed change is never left without its deliveries.
 */
@Component
class WebhookEvents {

	private final Deliveries deliveries;

	WebhookEvents(Deliveries deliveries) {
		this.deliveries = deliveries;
	}

	@ApplicationModuleListener
	void on(PunchRegistered event) {
		this.deliveries.enqueue("timeclock.punch.registered", event);
		if (event.needsReview()) {
			this.deliveries.enqueue("timeclock.punch.needs_review", event);
		}
	}

	@ApplicationModuleListener
	void on(TimeclockRequestChanged event) {
		this.deliveries.enqueue("timeclock.request." + event.action(), event);
	}

	@ApplicationModuleListener
	void on(DocumentApproved event) {
		this.deliveries.enqueue("processdocs.document.approved", event);
	}

	@ApplicationModuleListener
	void on(DocumentReviewDue event) {
		this.deliveries.enqueue("processdocs.document.review_due", event);
	}

	@ApplicationModuleListener
	void on(FinsRecordOverdue event) {
		this.deliveries.enqueue("fins.record.overdue", event);
	}

	@ApplicationModuleListener
	void on(UserChanged event) {
		this.deliveries.enqueue("access.user.changed", event);
	}

	@ApplicationModuleListener
	void on(AllocationsCreated event) {
		event.allocations().forEach(allocation -> this.deliveries.enqueue("finance.allocation.created", allocation));
	}

	@ApplicationModuleListener
	void on(ChargesPaid event) {
		event.charges().forEach(charge -> this.deliveries.enqueue("finance.charge.paid", charge));
	}

	@ApplicationModuleListener
	void on(FiscalDocumentStatusChanged event) {
		this.deliveries.enqueue("finance.fiscal_document.status_changed", event);
	}

	@ApplicationModuleListener
	void on(CollectionMessageSent event) {
		this.deliveries.enqueue("finance.collection.sent", event);
	}

	@ApplicationModuleListener
	void on(CollectionMessageFailed event) {
		this.deliveries.enqueue("finance.collection.failed", event);
	}

	@ApplicationModuleListener
	void on(BillCreated event) {
		this.deliveries.enqueue("finance.bill.created", event);
	}

	@ApplicationModuleListener
	void on(BillPaid event) {
		this.deliveries.enqueue("finance.bill.paid", event);
	}

	@ApplicationModuleListener
	void on(InstallmentOverdue event) {
		this.deliveries.enqueue("finance.installment.overdue", event);
	}

	@ApplicationModuleListener
	void on(TransactionsImported event) {
		this.deliveries.enqueue("finance.transactions.imported", event);
	}

}
