package br.suite.access;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one catalogue of permission strings ({@code <module>.<resource>.<action>}) of every
 * module. A role holds catalogue entries or {@code *}; endpoints name the entry they need
 * in their {@code @PreAuthorize} line.
 */
public final class Permissions {

	public static final String ALL = "*";

	/** Reading {@code /actuator/prometheus} on the API port. */
	public static final String METRICS_VIEW = "operations.metrics.view";

	public static final Map<String, String> CATALOGUE;

	static {
		Map<String, String> c = new LinkedHashMap<>();
		c.put("access.users.view", "List and read users");
		c.put("access.users.change", "Create, update, deactivate users, reset their passwords and revoke their tokens");
		c.put("access.roles.view", "List and read roles and the permission catalogue");
		c.put("access.roles.change", "Create, update and delete roles");
		c.put("access.photos.view", "See employees' enrolled face photos");
		c.put("access.photos.change", "Enrol and remove employees' face photos");
		c.put("finance.connections.view", "List and read payment-provider connections");
		c.put("finance.connections.change", "Create, update and delete payment-provider connections");
		c.put("finance.connections.credentials",
				"Set where a provider connection's money comes from: its base_url, token_url, server CA and client "
						+ "certificate");
		c.put("finance.transactions.view", "List and read bank transactions");
		c.put("finance.transactions.revert",
				"Delete every transaction a provider connection wrote, with its allocations (a forged or "
						+ "misconfigured connection)");
		c.put("finance.transactions.classify", "Classify bank transactions: their category and cost centre");
		c.put("finance.sync_logs.view", "List and read synchronisation logs");
		c.put("finance.fiscal_documents.view", "List and read fiscal documents");
		c.put("finance.fiscal_documents.change", "Create, update and delete fiscal documents");
		c.put("finance.charges.view", "List and read charges (cobranças)");
		c.put("finance.charges.change", "Create, update and cancel charges");
		c.put("finance.collection.view",
				"Read the collection policy (régua de cobrança) and the collection e-mails decided and sent");
		c.put("finance.collection.change", "Change the collection policy and run it now");
		c.put("finance.reconciliation.view", "List allocations and reconciliation suggestions");
		c.put("finance.reconciliation.change",
				"Allocate transactions to charges and fiscal documents, run " + "reconciliation, accept suggestions");
		c.put("finance.categories.view", "List and read the categories of the management chart of accounts");
		c.put("finance.categories.change", "Create and change categories (deactivate them; they are never deleted)");
		c.put("finance.cost_centres.view", "List and read cost centres");
		c.put("finance.cost_centres.change", "Create and change cost centres");
		c.put("finance.bills.view",
				"List and read bills (contas a pagar e a receber), their installments and payments");
		c.put("finance.accounts.view", "List and read the company's bank accounts and their opening balances");
		c.put("finance.accounts.change", "Create and change bank accounts and their opening balances");
		c.put("finance.reports.view", "Read the cash flow (realised and projected)");
		c.put("finance.bills.change", "Create, change and cancel bills; record and delete payments of installments");
		c.put("timeclock.punches.register", "Register punches (a kiosk account holds only this)");
		c.put("timeclock.punches.view", "List and read punches, adjustments and the chain check");
		c.put("timeclock.snapshots.view", "Download punch snapshots (biometric data)");
		c.put("timeclock.adjustments.change", "Record punch adjustments");
		c.put("timeclock.establishments.view", "List and read establishments (employers of the REP-P records)");
		c.put("timeclock.establishments.change", "Create and update establishments");
		c.put("timeclock.biometric_log.view", "List who read which enrolled photo or punch snapshot (LGPD)");
		c.put("timeclock.schedules.view", "List and read work schedules and employees' schedule assignments");
		c.put("timeclock.schedules.change", "Create, change and delete work schedules; assign them to employees");
		c.put("timeclock.absences.view", "List and read employees' absences (not their certificates)");
		c.put("timeclock.absences.change", "Record and remove absences and attach their certificates");
		c.put("timeclock.certificates.view", "Read absence certificates (health data; every read audited)");
		c.put("timeclock.holidays.view", "List holidays (national, state and municipal)");
		c.put("timeclock.holidays.change", "Add and remove the company's state and municipal holidays");
		c.put("timeclock.own.view",
				"See one's own punches and download their comprovantes; see and sign one's own closed espelhos");
		c.put("timeclock.closings.view", "List and read month closings and their signatures");
		c.put("timeclock.closings.change", "Close an establishment's month (freeze its espelhos)");
		c.put("timeclock.closings.reopen", "Reopen a closed month (its signatures lapse; audited)");
		c.put("timeclock.own.request",
				"Ask for one's own mark corrections, absences and overtime, and follow the requests");
		c.put("timeclock.requests.decide", "List, approve and refuse employees' time-clock requests");
		c.put("timeclock.payroll.export", "Read payroll layouts and export a closed month's totals for the payroll");
		c.put("timeclock.payroll.change", "Create, change and delete payroll export layouts");
		c.put("timeclock.afd.export",
				"Export the AFD (Arquivo Fonte de Dados), the AEJ (Arquivo Eletrônico de Jornada) and their signatures for "
						+ "the labour inspector");
		c.put("customers.clientes.view", "List and read customers");
		c.put("customers.clientes.change", "Create, update and delete customers");
		c.put("customers.fornecedores.view", "List and read suppliers (fornecedores)");
		c.put("customers.fornecedores.change", "Create, update and delete suppliers (fornecedores)");
		c.put("fins.records.view", "List and read fins records");
		c.put("fins.records.change", "Create, update and delete fins records");
		c.put("processdocs.documents.view", "List and read process documents, files and history");
		c.put("processdocs.documents.change", "Create, update and delete process documents and files");
		c.put("processdocs.documents.approve", "Approve process documents");
		c.put("imports.csv.prepare", "Prepare a CSV import (reads the file, writes nothing)");
		c.put("imports.csv.confirm", "Confirm a CSV import (writes transactions)");
		c.put("audit.events.view", "List audit events and check their chain");
		c.put("webhooks.subscriptions.view", "List webhook subscriptions, event types and deliveries");
		c.put("webhooks.subscriptions.change",
				"Create, change, delete webhook subscriptions, rotate secrets, redeliver");
		c.put(METRICS_VIEW, "Read the service's metrics (/actuator/prometheus) on the API port");
		CATALOGUE = Collections.unmodifiableMap(c);
	}

	private Permissions() {
	}

	public static boolean isGrantable(String permission) {
		return ALL.equals(permission) || CATALOGUE.containsKey(permission);
	}

}
