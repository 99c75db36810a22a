package br.suite.webhooks;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The event types a subscription may name, with what each means. */
final class EventTypes {

	static final Map<String, String> CATALOGUE;

	static {
		Map<String, String> c = new LinkedHashMap<>();
		c.put("timeclock.punch.registered", "A punch was recorded in the ledger");
		c.put("timeclock.punch.needs_review",
				"A punch was recorded whose face recognition failed: someone must review it");
		c.put("processdocs.document.approved", "A process document was approved");
		c.put("processdocs.document.review_due",
				"A process document's review is due within the notice window or past (daily at 07:00)");
		c.put("fins.record.overdue", "An open fins record is past its data_limite (daily at 07:00)");
		c.put("access.user.changed", "A user was created, changed, deactivated or had the password reset");
		c.put("finance.fiscal_document.status_changed", "A fiscal document moved to another status");
		c.put("finance.transactions.imported", "A CSV import of bank transactions was confirmed");
		c.put("finance.allocation.created",
				"Money of a credit transaction was allocated to a charge or a fiscal document (by hand, an accepted suggestion or the automatic matching)");
		c.put("finance.charge.paid", "A charge became fully paid");
		CATALOGUE = Collections.unmodifiableMap(c);
	}

	private EventTypes() {
	}

	record EventType(String type, String description) {
	}

}
