package br.suite.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import br.suite.finance.TransactionDesk;
import br.suite.fins.FinsDesk;
import br.suite.processdocs.ProcessDocumentDesk;
import br.suite.timeclock.PunchDesk;
import br.suite.webhooks.WebhookDesk;

/**
 * The back office's first page: the day's work, counted, each count shown only to who may
 * act on it.
 */
@Controller
class DashboardPage {

	static final int REVIEW_WINDOW_DAYS = 30;

	private final PunchDesk punches;

	private final ProcessDocumentDesk documents;

	private final FinsDesk fins;

	private final TransactionDesk transactions;

	private final WebhookDesk webhooks;

	DashboardPage(PunchDesk punches, ProcessDocumentDesk documents, FinsDesk fins, TransactionDesk transactions,
			WebhookDesk webhooks) {
		this.punches = punches;
		this.documents = documents;
		this.fins = fins;
		this.transactions = transactions;
		this.webhooks = webhooks;
	}

	@GetMapping({ "/app", "/app/" })
	String dashboard(Model model) {
		PageModel.Me me = PageModel.current();
		if (me != null && me.holds("timeclock.punches.view")) {
			model.addAttribute("punchesToReview", this.punches.countNeedingReview());
		}
		if (me != null && me.holds("processdocs.documents.view")) {
			model.addAttribute("documentsDue", this.documents.countDueForReview(REVIEW_WINDOW_DAYS));
			model.addAttribute("reviewWindow", REVIEW_WINDOW_DAYS);
		}
		if (me != null && me.holds("fins.records.view")) {
			model.addAttribute("finsOverdue", this.fins.countOverdue());
		}
		if (me != null && me.holds("finance.transactions.view")) {
			model.addAttribute("creditsToReconcile", this.transactions.countOpenCredits());
		}
		if (me != null && me.holds("webhooks.subscriptions.view")) {
			model.addAttribute("failedDeliveries", this.webhooks.countFailed());
		}
		return "dashboard";
	}

}
