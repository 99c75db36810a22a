package br.suite.webhooks;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The event types a subscription may name: what each means, and the view permission of
 * the data it carries. A subscription to a type needs that permission, from whoever
 * creates it or changes its url or event types (its owner), and each delivery is sent
 * only while the owner still holds it: webhooks show nobody what the modules' own
 * endpoints would refuse them.
 */
final class EventTypes {

	static final Map<String, EventType> CATALOGUE;

	static {
		Map<String, EventType> c = new LinkedHashMap<>();
		add(c, "timeclock.punch.registered", "timeclock.punches.view", "A punch was recorded in the ledger");
		add(c, "timeclock.punch.needs_review", "timeclock.punches.view",
				"A punch was recorded whose face recognition failed: someone must review it");
		add(c, "timeclock.request.created", "timeclock.requests.decide",
				"An employee asked for a mark correction, an absence or overtime");
		add(c, "timeclock.request.approved", "timeclock.requests.decide",
				"An employee's request was approved (and applied)");
		add(c, "timeclock.request.refused", "timeclock.requests.decide", "An employee's request was refused");
		add(c, "processdocs.document.approved", "processdocs.documents.view", "A process document was approved");
		add(c, "processdocs.document.review_due", "processdocs.documents.view",
				"A process document's review is due within the notice window or past (daily at 07:00)");
		add(c, "fins.record.overdue", "fins.records.view",
				"An open fins record is past its data_limite (daily at 07:00)");
		add(c, "access.user.changed", "access.users.view",
				"A user was created, changed, deactivated or had the password reset");
		add(c, "finance.fiscal_document.status_changed", "finance.fiscal_documents.view",
				"A fiscal document moved to another status");
		add(c, "finance.transactions.imported", "finance.transactions.view",
				"A CSV import of bank transactions was confirmed");
		add(c, "finance.allocation.created", "finance.reconciliation.view",
				"Money of a credit transaction was allocated to a charge or a fiscal document (by hand, an accepted suggestion or the automatic matching)");
		add(c, "finance.charge.paid", "finance.charges.view", "A charge became fully paid");
		add(c, "finance.collection.sent", "finance.collection.view",
				"A collection e-mail (a reminder of the régua de cobrança, or a receipt) was accepted by the SMTP server");
		add(c, "finance.collection.failed", "finance.collection.view",
				"A collection e-mail failed after its attempts (the next run tries it again)");
		add(c, "finance.bill.created", "finance.bills.view",
				"A bill (payable or receivable) was created; each bill of a recurrence");
		add(c, "finance.bill.paid", "finance.bills.view",
				"A bill became fully paid (by payments of its installments or its charges)");
		add(c, "finance.installment.overdue", "finance.bills.view",
				"An installment with money open is past its due date (daily at 07:00, once per installment and due date)");
		CATALOGUE = Collections.unmodifiableMap(c);
	}

	private static void add(Map<String, EventType> catalogue, String type, String permission, String description) {
		catalogue.put(type, new EventType(type, description, permission));
	}

	private EventTypes() {
	}

	/** The view permission a subscription to the type needs (the type is known). */
	static String permissionFor(String type) {
		EventType known = CATALOGUE.get(type);
		if (known == null) {
			throw new IllegalArgumentException("Unknown event type " + type);
		}
		return known.permission();
	}

	/**
	 * An event type as {@code GET /api/webhooks/event-types/} answers it:
	 * {@code permission} is what a subscription to it needs.
	 */
	record EventType(String type, String description, String permission) {
	}

}
