package br.suite.finance.charge;

import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceProblems;
import br.suite.finance.FinanceProblems.NoBrCode;
import br.suite.finance.FinanceProblems.PixChargeRefused;
import br.suite.finance.FinanceProblems.ProviderFailed;
import br.suite.finance.PixProviderSettings;
import br.suite.finance.connection.CredentialService;
import br.suite.finance.pix.PixApiClient;
import br.suite.finance.pix.PixProviderException;
import br.suite.finance.pix.PixSettings;
import br.suite.finance.pix.PixSyncService;
import br.suite.shared.DateTimes;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import br.suite.shared.Versioned;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Pix charges at a provider: {@code PUT /cob/{txid}} (no due date: immediate, with an
 * expiry) or {@code PUT /cobv/{txid}} (due date; needs the payer) with a txid Suite
 * generates and keeps on the charge before calling, so a retry after any failure sends
 * the same txid (the PSP revises the same charge, never a second one). The answer's BR
 * Code (or one built from its location) is what the QR code and the payment page show.
 * Cancelling a charge that has one removes it at the provider first ({@code PATCH} status
 * {@code REMOVIDA_PELO_USUARIO_RECEBEDOR}); when the provider cannot be reached the
 * charge stays open in Suite (502), so the two never silently disagree.
 */
@Service
public class PixCharges {

	private static final Logger log = LoggerFactory.getLogger(PixCharges.class);

	public static final String REMOVED = "REMOVIDA_PELO_USUARIO_RECEBEDOR";

	private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

	private static final SecureRandom RANDOM = new SecureRandom();

	private final ChargeRepository repository;

	private final ChargeService charges;

	private final CredentialService credentials;

	private final PixSyncService providers;

	private final PixSettings pix;

	private final PixProviderSettings settings;

	private final TransactionTemplate transactions;

	private final AuditLog audit;

	PixCharges(ChargeRepository repository, ChargeService charges, CredentialService credentials,
			PixSyncService providers, PixSettings pix, PixProviderSettings settings, TransactionTemplate transactions,
			AuditLog audit) {
		this.repository = repository;
		this.charges = charges;
		this.credentials = credentials;
		this.providers = providers;
		this.pix = pix;
		this.settings = settings;
		this.transactions = transactions;
		this.audit = audit;
	}

	/** What the provider call needs, fixed in the first short transaction. */
	private record Prepared(ChargeResponse charge, long connectionId, String kind, String txid, String key) {
	}

	/**
	 * Creates (or, called again, revises with the same txid) the charge at the provider
	 * of {@code connectionId}, or of the connection already holding it, or of the only
	 * enabled connection with pix_api credentials.
	 */
	Versioned<ChargeResponse> create(long id, @Nullable Long connectionId) {
		Prepared prepared = Objects.requireNonNull(this.transactions.execute(tx -> prepare(id, connectionId)));
		ChargeResponse charge = prepared.charge();
		String path = "/" + prepared.kind() + "/" + prepared.txid();
		JsonNode answer;
		try {
			PixSyncService.Connected connected = this.providers.connect(prepared.connectionId());
			try {
				answer = connected.client().put(path, body(prepared, connected.client())).body();
			}
			catch (PixProviderException ex) {
				this.providers.observed(prepared.connectionId(), ex);
				throw ex;
			}
		}
		catch (PixProviderException ex) {
			throw new ProviderFailed("create the charge", ex.getMessage() + " (the charge keeps its txid "
					+ prepared.txid() + ": trying again sends the same)");
		}
		String copia = answer.path("pixCopiaECola")
			.asString(answer.path("brcode").asString(answer.path("textoImagemQRcode").asString("")))
			.strip();
		String location = answer.path("location").asString(answer.path("loc").path("location").asString("")).strip();
		if (copia.isEmpty() && !location.isEmpty()) {
			if (!this.pix.merchantConfigured()) {
				throw new PixChargeRefused(id, "the provider answered a location without its BR Code, and Suite needs "
						+ "SUITE_PIX_MERCHANT_NAME and SUITE_PIX_MERCHANT_CITY to build it; set them and try again",
						null);
			}
			copia = BrCode.dynamicCode(location, this.pix.merchantName(), this.pix.merchantCity());
		}
		if (copia.isEmpty() || copia.length() > 512 || location.length() > 200
				|| copia.chars().anyMatch(c -> c < 0x20 || c > 0x7e)) {
			throw new ProviderFailed("create the charge", "its answer to PUT " + path
					+ " has no usable pixCopiaECola (or brcode) nor location (the charge keeps its txid)");
		}
		String status = answer.path("status").asString("ATIVA");
		String text = copia;
		return Objects.requireNonNull(this.transactions.execute(tx -> {
			if (!this.repository.recordPix(id, prepared.kind(), text, location,
					status.length() > 40 ? status.substring(0, 40) : status, now())) {
				throw new FinanceProblems.ChargeCancelled(id);
			}
			this.audit.record("finance.charge.pix_created", "charge", id,
					AuditLog.Changes.of()
						.put("txid", charge.txid(), prepared.txid())
						.put("pix_kind", charge.pixKind(), prepared.kind())
						.put("pix_connection_id", charge.pixConnectionId(), prepared.connectionId())
						.put("pix_location", charge.pixLocation(), location));
			return this.charges.get(id);
		}));
	}

	private Prepared prepare(long id, @Nullable Long connectionId) {
		this.repository.find(id, true);
		ChargeResponse charge = this.charges.get(id).body();
		if (!charge.kind().equals("pix")) {
			throw new PixChargeRefused(id, "it is a " + charge.kind() + " charge, not pix.", "kind");
		}
		if (charge.status().equals("cancelled")) {
			throw new PixChargeRefused(id, "it is cancelled.", "status");
		}
		if (charge.openAmount().signum() <= 0) {
			throw new PixChargeRefused(id, "nothing is open on it (status " + charge.status() + ").", "status");
		}
		String kind = charge.dueDate() == null ? "cob" : "cobv";
		if (!charge.pixKind().isEmpty() && !charge.pixKind().equals(kind)) {
			throw new PixChargeRefused(id, "it was created at the provider as a " + charge.pixKind()
					+ " and its due date changed since; cancel it and create a new charge.", "due_date");
		}
		if (kind.equals("cobv")) {
			if (charge.payerDocument().isEmpty() || charge.payerName().isEmpty()) {
				throw new PixChargeRefused(id, "a charge with a due date (cobv) needs the payer's name and CPF/CNPJ.",
						charge.payerDocument().isEmpty() ? "payer_document" : "payer_name");
			}
			if (charge.dueDate().isBefore(LocalDate.now(DateTimes.BRAZIL))) {
				throw new PixChargeRefused(id, "its due date " + charge.dueDate() + " has passed.", "due_date");
			}
		}
		long connection = connection(id, connectionId != null ? connectionId : charge.pixConnectionId());
		String key = this.credentials.pixKey(connection);
		if (key.isEmpty()) {
			throw new PixChargeRefused(id, "connection " + connection + " has no pix_key in its credentials.",
					"connection_id");
		}
		String txid = charge.txid().isEmpty() ? txid() : charge.txid();
		this.repository.attachPix(id, txid, connection, now());
		return new Prepared(charge, connection, kind, txid, key);
	}

	/** The connection asked for (400 naming it when unusable) or the only usable one. */
	private long connection(long id, @Nullable Long asked) {
		List<Long> usable = this.credentials.usablePixConnections();
		if (asked != null) {
			if (!usable.contains(asked)) {
				throw InvalidRequest.of("connection_id",
						"connection " + asked + " does not exist, is disabled or has no pix_api credentials");
			}
			return asked;
		}
		if (usable.isEmpty()) {
			throw new PixChargeRefused(id, "no enabled connection has pix_api credentials.", "connection_id");
		}
		if (usable.size() > 1) {
			throw InvalidRequest.of("connection_id", "is required: several connections can create Pix charges "
					+ usable.subList(0, Math.min(usable.size(), 10)));
		}
		return usable.get(0);
	}

	private ObjectNode body(Prepared prepared, PixApiClient client) {
		ChargeResponse charge = prepared.charge();
		ObjectNode body = client.json().createObjectNode();
		ObjectNode calendar = body.putObject("calendario");
		if (prepared.kind().equals("cob")) {
			calendar.put("expiracao", this.settings.cobExpiration().toSeconds());
		}
		else {
			calendar.put("dataDeVencimento", Objects.requireNonNull(charge.dueDate()).toString())
				.put("validadeAposVencimento", this.settings.cobvDaysAfterDue());
		}
		if (!charge.payerDocument().isEmpty() && !charge.payerName().isEmpty()) {
			body.putObject("devedor")
				.put(charge.payerDocument().length() == 11 ? "cpf" : "cnpj", charge.payerDocument())
				.put("nome", charge.payerName());
		}
		body.putObject("valor").put("original", Money.format(charge.openAmount()));
		body.put("chave", prepared.key());
		if (!charge.description().isEmpty()) {
			String text = charge.description();
			body.put("solicitacaoPagador", text.length() > 140 ? text.substring(0, 140) : text);
		}
		return body;
	}

	/**
	 * Cancels the charge; one with an active charge at the provider is removed there
	 * first. When the provider fails the charge stays as it was (502, the reason in the
	 * detail); {@code localOnly} cancels in Suite alone (the audit event says the
	 * provider's charge was left as it was).
	 */
	public Versioned<ChargeResponse> cancel(long id, ExpectedVersion expected, boolean localOnly) {
		Versioned<ChargeResponse> current = this.charges.get(id);
		ChargeResponse charge = current.body();
		boolean atProvider = charge.pixConnectionId() != null && !charge.pixKind().isEmpty()
				&& charge.pixStatus().equals("ATIVA") && !charge.status().equals("cancelled")
				&& charge.paidAmount().signum() == 0;
		String removed = "";
		if (atProvider && !localOnly) {
			expected.check(current.version());
			removed = remove(charge);
		}
		String seen = removed;
		return Objects.requireNonNull(this.transactions.execute(tx -> {
			this.charges.cancel(id, expected);
			if (atProvider && !localOnly) {
				this.repository.pixStatus(id, seen);
			}
			else if (atProvider) {
				this.audit.record("finance.charge.cancelled_locally", "charge", id,
						AuditLog.Changes.of().put("pix_status", "ATIVA", "ATIVA (left at the provider)"));
			}
			return this.charges.get(id);
		}));
	}

	/** Removes it at the provider; the status it has there now. */
	private String remove(ChargeResponse charge) {
		long connection = Objects.requireNonNull(charge.pixConnectionId());
		String path = "/" + charge.pixKind() + "/" + charge.txid();
		String stays = " The charge stays open in Suite: cancel again once the provider answers, or with "
				+ "local_only=true after removing it there yourself.";
		try {
			PixApiClient client = this.providers.connect(connection).client();
			try {
				client.patch(path, client.json().createObjectNode().put("status", REMOVED));
				return REMOVED;
			}
			catch (PixProviderException ex) {
				if (ex.kind() != PixProviderException.Kind.REJECTED) {
					this.providers.observed(connection, ex);
					throw ex;
				}
				// PATCH works only while ATIVA: see what it is now.
				String status = client.get(path, java.util.Map.of()).body().path("status").asString("");
				if (status.equals("CONCLUIDA")) {
					throw new PixChargeRefused(charge.id(), "the provider says it was paid (CONCLUIDA): the sync "
							+ "brings the Pix and allocates it; it is not cancelled.", "status");
				}
				if (!status.startsWith("REMOVIDA") || status.length() > 40) {
					throw ex;
				}
				return status;
			}
		}
		catch (PixProviderException ex) {
			log.warn("Removing charge {} at the provider failed: {}", charge.id(), ex.getMessage());
			throw new ProviderFailed("cancel the charge", ex.getMessage() + "." + stays);
		}
	}

	/**
	 * The BR Code a page or an e-mail shows ({@link #brCode}), or null when the charge
	 * has none.
	 */
	public @Nullable String brCodeIfAny(long id) {
		try {
			return brCode(id);
		}
		catch (NoBrCode none) {
			return null;
		}
	}

	/**
	 * The BR Code a payer scans or pastes: the provider's dynamic code while its charge
	 * is active, else a static code with the company's Pix key, the open amount and the
	 * charge's reference. 409 when the charge is not pix, is cancelled or has nothing
	 * open, or neither exists.
	 */
	String brCode(long id) {
		ChargeResponse charge = this.charges.get(id).body();
		if (!charge.kind().equals("pix")) {
			throw new NoBrCode(id, "it is a " + charge.kind() + " charge, not pix.");
		}
		if (charge.status().equals("cancelled")) {
			throw new NoBrCode(id, "it is cancelled.");
		}
		if (charge.openAmount().signum() <= 0) {
			throw new NoBrCode(id, "nothing is open on it (status " + charge.status() + ").");
		}
		if (!charge.pixCopiaECola().isEmpty() && charge.pixStatus().equals("ATIVA")) {
			return charge.pixCopiaECola();
		}
		if (!this.pix.configured()) {
			throw new NoBrCode(id,
					"it was not created at a Pix provider (POST …/pix/) and the company's Pix key, "
							+ "merchant name and city are not configured (SUITE_PIX_KEY, SUITE_PIX_MERCHANT_NAME, "
							+ "SUITE_PIX_MERCHANT_CITY).");
		}
		try {
			return BrCode.staticCode(this.pix.key().strip(), charge.openAmount(), this.pix.merchantName(),
					this.pix.merchantCity(), charge.pixReference());
		}
		catch (IllegalArgumentException ex) {
			throw new NoBrCode(id, "the Pix settings do not fit a BR Code (" + ex.getMessage() + ").");
		}
	}

	/** 32 random letters and digits (a Pix txid is 26 to 35), about 190 bits. */
	static String txid() {
		StringBuilder out = new StringBuilder(32);
		for (int i = 0; i < 32; i++) {
			out.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
		}
		return out.toString();
	}

	private static OffsetDateTime now() {
		return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
	}

}
