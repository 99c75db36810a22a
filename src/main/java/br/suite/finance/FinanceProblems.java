package br.suite.finance;

import java.math.BigDecimal;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ApiProblem;
import br.suite.shared.Money;

/** What can go wrong in finance, each named for what happened. */
public final class FinanceProblems {

	/**
	 * The permission that moving a connection's Pix credentials to another destination
	 * needs.
	 */
	public static final String DESTINATION_PERMISSION = "finance.connections.credentials";

	private FinanceProblems() {
	}

	public static final class ConnectionNotFound extends ApiProblem.NotFound {

		public ConnectionNotFound(long id) {
			super("Connection", id);
		}

	}

	public static final class TransactionNotFound extends ApiProblem.NotFound {

		public TransactionNotFound(long id) {
			super("Transaction", id);
		}

	}

	public static final class SyncLogNotFound extends ApiProblem.NotFound {

		public SyncLogNotFound(long id) {
			super("Sync log", id);
		}

	}

	public static final class FiscalDocumentNotFound extends ApiProblem.NotFound {

		public FiscalDocumentNotFound(long id) {
			super("Fiscal document", id);
		}

	}

	public static final class ChargeNotFound extends ApiProblem.NotFound {

		public ChargeNotFound(long id) {
			super("Charge", id);
		}

	}

	public static final class ChargeExternalIdTaken extends ApiProblem.Conflict {

		public ChargeExternalIdTaken(String provider, String externalId, long existingId) {
			super("The charge " + externalId + (provider.isEmpty() ? "" : " of " + provider) + " already exists (id "
					+ existingId + "); external_id is unique per provider.");
			with("field", "external_id").with("existing_id", existingId);
		}

	}

	public static final class ChargeCancelled extends ApiProblem.Conflict {

		public ChargeCancelled(long id) {
			super("Charge " + id + " is cancelled: it no longer changes nor takes payments.");
			with("field", "status");
		}

	}

	public static final class ChargeHasPayments extends ApiProblem.Conflict {

		public ChargeHasPayments(long id, BigDecimal paid, String attempted) {
			super("Charge " + id + " has " + Money.format(paid) + " allocated; cannot " + attempted
					+ ". Remove its allocations first.");
			with("paid_amount", Money.format(paid));
		}

	}

	public static final class AllocationNotFound extends ApiProblem.NotFound {

		public AllocationNotFound(long id) {
			super("Allocation", id);
		}

	}

	public static final class AllocationExists extends ApiProblem.Conflict {

		public AllocationExists(long transactionId, String target) {
			super("Transaction " + transactionId + " is already allocated to " + target + "; delete that allocation "
					+ "to change its amount.");
			with("field", "transaction_id");
		}

	}

	/**
	 * 409: the amount is more than the transaction or the target still has open (both are
	 * named).
	 */
	public static final class AllocationExceedsOpenAmount extends ApiProblem.Conflict {

		public AllocationExceedsOpenAmount(long transactionId, BigDecimal transactionOpen, String target,
				BigDecimal targetOpen, BigDecimal amount) {
			super("Cannot allocate " + Money.format(amount) + ": transaction " + transactionId + " has "
					+ Money.format(transactionOpen) + " unallocated and " + target + " has " + Money.format(targetOpen)
					+ " open.");
			with("field", "amount").with("transaction_open_amount", Money.format(transactionOpen))
				.with("target_open_amount", Money.format(targetOpen));
		}

	}

	public static final class DocumentOverAllocated extends ApiProblem.Conflict {

		public DocumentOverAllocated(long id, BigDecimal amount, BigDecimal allocated) {
			super("Fiscal document " + id + " has " + Money.format(allocated) + " allocated; its amount "
					+ "cannot become " + Money.format(amount) + ". Remove transactions from "
					+ "related_transaction_ids first.");
			with("field", "amount").with("allocated_amount", Money.format(allocated));
		}

	}

	public static final class NotASuggestion extends ApiProblem.Conflict {

		public NotASuggestion(int index, @Nullable Long transactionId, String target) {
			super("items[" + index + "]: transaction " + transactionId + " and " + target + " are not a current "
					+ "suggestion (amounts, payer or dates differ, or either side is already allocated); nothing was "
					+ "accepted. Allocate it by hand with POST /api/finance/allocations/ if it is right.");
			with("field", "items[" + index + "]");
		}

	}

	public static final class TransactionNotAllocatable extends ApiProblem.Conflict {

		public TransactionNotAllocatable(long transactionId, String state) {
			super("Transaction " + transactionId + " is " + state + "; only credits that are settled or pending pay "
					+ "charges and fiscal documents.");
			with("field", "transaction_id");
		}

	}

	public static final class ConnectionExists extends ApiProblem.Conflict {

		public ConnectionExists(String provider, String accountId, long existingId) {
			super("A connection to " + provider
					+ (accountId.isEmpty() ? " without account_id" : " account " + accountId) + " already exists (id "
					+ existingId + ").");
			with("field", "account_id").with("existing_id", existingId);
		}

	}

	public static final class ConnectionHasTransactions extends ApiProblem.Conflict {

		public ConnectionHasTransactions(long id, long transactions, String attempted) {
			super("Connection " + id + " has " + transactions + " transaction(s); " + attempted
					+ " would cut them off from it. Disable it with enabled: false instead.");
			with("transactions_count", transactions);
		}

	}

	public static final class AccessKeyTaken extends ApiProblem.Conflict {

		public AccessKeyTaken(String accessKey, long existingId) {
			super("The access key " + accessKey + " belongs to fiscal document " + existingId + ".");
			with("field", "access_key").with("existing_id", existingId);
		}

	}

	public static final class TransactionsMatchedElsewhere extends ApiProblem.Conflict {

		public TransactionsMatchedElsewhere(List<Long> transactionIds, List<Long> documentIds) {
			super("Transaction(s) " + join(transactionIds) + " have no money left to allocate: they are allocated "
					+ "to fiscal document(s) " + join(documentIds) + " or to charges. Remove those allocations first.");
			with("field", "related_transaction_ids").with("transaction_ids", transactionIds)
				.with("existing_ids", documentIds);
		}

	}

	public static final class ForbiddenTransition extends ApiProblem.Conflict {

		public ForbiddenTransition(String from, String to, String allowed) {
			super("A fiscal document cannot go from " + from + " to " + to + "; from " + from + " it may become: "
					+ (allowed.isEmpty() ? "nothing (final status)" : allowed) + ".");
			with("field", "status").with("current", from).with("requested", to);
		}

	}

	public static final class IssuedDocumentLocked extends ApiProblem.Conflict {

		public IssuedDocumentLocked(long id, String status, List<String> fields) {
			super("Fiscal document " + id + " is " + status + ": its fiscal content is a legal record and "
					+ "cannot change (" + String.join(", ", fields) + "). Only status, related ids and file_url "
					+ "may.");
			with("fields", fields);
		}

	}

	public static final class IssuedDocumentKept extends ApiProblem.Conflict {

		public IssuedDocumentKept(long id, String status) {
			super("Fiscal document " + id + " is " + status + " and is kept as a legal record; only draft and "
					+ "rejected documents are deleted."
					+ ("authorized".equals(status) ? " Cancel it instead (status: cancelled)." : ""));
			with("document_status", status);
		}

	}

	private static String join(List<Long> ids) {
		return String.join(", ", ids.stream().map(String::valueOf).toList());
	}

	/** 409: the charge cannot be paid by a QR code now (the reason says why). */
	public static final class NoBrCode extends ApiProblem.Conflict {

		public NoBrCode(long id, String reason) {
			super("Charge " + id + " has no Pix QR code: " + reason);
		}

	}

	/**
	 * 409: the charge cannot be created at (or cancelled with) the provider now; the
	 * field names what to change.
	 */
	public static final class PixChargeRefused extends ApiProblem.Conflict {

		public PixChargeRefused(long id, String reason, @org.jspecify.annotations.Nullable String field) {
			super("Charge " + id + " cannot be a Pix charge at the provider: " + reason);
			if (field != null) {
				with("field", field);
			}
		}

	}

	public static final class CredentialsNotFound extends ApiProblem {

		public CredentialsNotFound(long connectionId) {
			super(org.springframework.http.HttpStatus.NOT_FOUND,
					"Connection " + connectionId + " has no credentials: set them with PUT .../credentials/.");
		}

	}

	/**
	 * Where a connection's money comes from (its URLs, server CA and client certificate)
	 * is decided by someone trusted with money.
	 */
	public static final class ProviderDestinationNotGranted extends ApiProblem.Forbidden {

		public ProviderDestinationNotGranted() {
			super("Setting or changing a connection's base_url, token_url, server_ca_pem or client certificate "
					+ "needs the permission " + DESTINATION_PERMISSION + " in addition to finance.connections.change.");
			with("permission", DESTINATION_PERMISSION);
		}

	}

	public static final class ConnectionDisabled extends ApiProblem.Conflict {

		public ConnectionDisabled(long id) {
			super("Connection " + id + " is disabled (enabled: false): enable it to sync.");
			with("field", "enabled");
		}

	}

	public static final class ConnectionStillEnabled extends ApiProblem.Conflict {

		public ConnectionStillEnabled(long id) {
			super("Connection " + id + " is enabled: disable it (enabled: false) before reverting its transactions, "
					+ "or its next sync would write them again.");
			with("field", "enabled");
		}

	}

	public static final class NoPixKey extends ApiProblem.Conflict {

		public NoPixKey(long connectionId) {
			super("Connection " + connectionId + " has no pix_key in its credentials: set it to register a webhook.");
			with("field", "pix_key");
		}

	}

	public static final class PublicBaseUrlMissing extends ApiProblem.Conflict {

		public PublicBaseUrlMissing(String current) {
			super("SUITE_PUBLIC_BASE_URL must be the https address where providers reach this service (http only "
					+ "for localhost in development); it is \"" + current + "\".");
		}

	}

	/**
	 * 502: the provider refused or could not be reached; the message says what it
	 * answered.
	 */
	public static final class ProviderFailed extends ApiProblem {

		public ProviderFailed(String message) {
			this("register the webhook", message);
		}

		public ProviderFailed(String action, String message) {
			super(org.springframework.http.HttpStatus.BAD_GATEWAY,
					"The Pix provider did not " + action + ": " + message);
		}

	}

	public static final class WebhookNotFound extends ApiProblem {

		public WebhookNotFound() {
			super(org.springframework.http.HttpStatus.NOT_FOUND, "No webhook at this address.");
		}

	}

	public static final class WebhookSourceRefused extends ApiProblem.Forbidden {

		public WebhookSourceRefused() {
			super("This address may not call the Pix webhook.");
		}

	}

	/** A collection run is going on (on this or another instance). */
	public static final class CollectionRunInProgress extends ApiProblem.Conflict {

		public CollectionRunInProgress() {
			super("A collection run is already going on; try again when it has finished.");
		}

	}

}
