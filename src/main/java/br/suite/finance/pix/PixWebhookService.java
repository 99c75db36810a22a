package br.suite.finance.pix;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceProblems;
import br.suite.finance.PixProviderSettings;
import br.suite.finance.SyncFlow;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The webhook inbox of pix_api connections. Registering puts
 * {@code {SUITE_PUBLIC_BASE_URL}/api/finance/pix-webhooks/{secret}} at the provider
 * ({@code PUT /webhook/{chave}}; the provider appends {@code /pix}); only the secret's
 * SHA-256 is kept. A call is stored first and answered at once; a processor then confirms
 * each announced Pix with {@code GET /pix/{e2eid}} at the provider (the body is not
 * signed, so it is never trusted as such) and writes the confirmed ones like the pull
 * sync (flow {@code webhook}). Replays and duplicates change nothing (upserts by
 * end-to-end id).
 */
@Service
public class PixWebhookService {

	private static final Logger log = LoggerFactory.getLogger(PixWebhookService.class);

	static final String PATH = "/api/finance/pix-webhooks/";

	/**
	 * Attempts of one inbox entry before it is failed (the pull sync still brings its
	 * Pix).
	 */
	static final int MAX_ATTEMPTS = 5;

	private static final SecureRandom RANDOM = new SecureRandom();

	private final PixWebhookRepository webhooks;

	private final PixSyncService sync;

	private final PixProviderSettings settings;

	private final JsonMapper json;

	private final TransactionTemplate transactions;

	private final AuditLog audit;

	PixWebhookService(PixWebhookRepository webhooks, PixSyncService sync, PixProviderSettings settings, JsonMapper json,
			TransactionTemplate transactions, AuditLog audit) {
		this.webhooks = webhooks;
		this.sync = sync;
		this.settings = settings;
		this.json = json;
		this.transactions = transactions;
		this.audit = audit;
	}

	record Registration(String webhookUrl, Instant registeredAt) {
	}

	/**
	 * Registers a new secret URL at the provider for the connection's Pix key; the old
	 * one stops working (one webhook per key).
	 */
	Registration register(long connectionId) {
		String base = publicBaseUrl();
		PixSyncService.Connected connected;
		try {
			connected = this.sync.connect(connectionId);
		}
		catch (PixProviderException ex) {
			throw new FinanceProblems.ProviderFailed(ex.getMessage());
		}
		String key = connected.credentials().pixKey();
		if (key.isEmpty()) {
			throw new FinanceProblems.NoPixKey(connectionId);
		}
		byte[] bytes = new byte[32];
		RANDOM.nextBytes(bytes);
		String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		String url = base + PATH + secret;
		try {
			connected.client()
				.put("/webhook/" + PixApiClient.segment(key), this.json.createObjectNode().put("webhookUrl", url));
		}
		catch (PixProviderException ex) {
			this.sync.observed(connectionId, ex);
			throw new FinanceProblems.ProviderFailed(ex.getMessage());
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
		String shown = base + PATH + secret.substring(0, 4) + "…";
		this.transactions.executeWithoutResult(tx -> {
			this.webhooks.register(connectionId, Sha256.hex(secret), shown, now.atOffset(ZoneOffset.UTC));
			this.audit.record("finance.connection.webhook_registered", "connection", connectionId,
					AuditLog.Changes.of().put("webhook_url", null, shown));
		});
		return new Registration(shown, now);
	}

	/**
	 * Stores a provider's call for the connection whose secret path it used. 404 for an
	 * unknown path (compared by its SHA-256, so the comparison leaks nothing of a stored
	 * secret), 403 from an address outside the allow-list, 400 for a body that is not a
	 * JSON object.
	 * @return the inbox entry's id
	 */
	long receive(String secret, String body, String sourceAddress) {
		if (!allowed(sourceAddress, this.settings.webhookAllowedSources())) {
			throw new FinanceProblems.WebhookSourceRefused();
		}
		Long connectionId = secret.length() > 200 ? null : this.webhooks.connectionOf(Sha256.hex(secret)).orElse(null);
		if (connectionId == null) {
			throw new FinanceProblems.WebhookNotFound();
		}
		try {
			if (!this.json.readTree(body).isObject()) {
				throw InvalidRequest.of("pix", "the body must be a JSON object {\"pix\": [...]}");
			}
		}
		catch (JacksonException ex) {
			throw InvalidRequest.of("pix", "the body must be a JSON object {\"pix\": [...]}");
		}
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		return this.webhooks.store(connectionId, now, sourceAddress, body);
	}

	/** Processes the due inbox entries, a few at a time; instances share the work. */
	@Scheduled(fixedDelayString = "${suite.finance.pix-providers.webhook-interval:2s}")
	void processDue() {
		if (!this.settings.webhookProcessing()) {
			return;
		}
		for (int round = 0; round < 10; round++) {
			// Claimed with a lease in a short transaction; processed outside any.
			List<PixWebhookRepository.Claimed> claimed = this.transactions.execute(tx -> this.webhooks.claimDue());
			if (claimed == null || claimed.isEmpty()) {
				return;
			}
			for (PixWebhookRepository.Claimed entry : claimed) {
				process(entry.id(), entry.connectionId(), entry.attempts());
			}
		}
	}

	private void process(long id, long connectionId, int attempts) {
		String body = this.webhooks.bodyOf(id);
		Instant startedAt = Instant.now();
		try {
			PixSyncService.Connected connected = this.sync.connect(connectionId);
			Map<String, JsonNode> confirmed = new LinkedHashMap<>();
			List<String> notes = new ArrayList<>();
			for (JsonNode announced : this.json.readTree(body).path("pix")) {
				String e2e = announced.path("endToEndId").asString("");
				if (!e2e.matches("[A-Za-z0-9]{32}")) {
					notes.add("ignored an item without a valid endToEndId");
					continue;
				}
				try {
					JsonNode pix = connected.client().get("/pix/" + PixApiClient.segment(e2e), Map.of()).body();
					if (e2e.equals(pix.path("endToEndId").asString(""))) {
						confirmed.put(e2e, pix);
					}
					else {
						notes.add(e2e + " not confirmed: the provider answered another Pix");
					}
				}
				catch (PixProviderException ex) {
					if (ex.kind() == PixProviderException.Kind.REJECTED && ex.status() == 404) {
						notes.add(e2e + " not confirmed: the provider does not know it");
						continue;
					}
					throw ex;
				}
			}
			String message = this.sync.write(connected, confirmed, SyncFlow.WEBHOOK, startedAt,
					"Webhook call " + id + ": " + confirmed.size() + " Pix confirmed at the provider.", notes);
			this.webhooks.finish(id, "processed", message);
		}
		catch (FinanceProblems.ConnectionDisabled ex) {
			this.webhooks.finish(id, "failed", "Nothing written: " + ex.getMessage());
		}
		catch (PixProviderException ex) {
			this.sync.observed(connectionId, ex);
			if (attempts >= MAX_ATTEMPTS) {
				this.webhooks.finish(id, "failed", ex.getMessage() + " (the pull sync still brings these Pix)");
			}
			else {
				retryLater(id, attempts, ex.getMessage());
			}
		}
		catch (RuntimeException ex) {
			log.warn("Pix webhook call {} of connection {} could not be processed: {}", id, connectionId,
					ex.toString());
			if (attempts >= MAX_ATTEMPTS) {
				this.webhooks.finish(id, "failed", ex.toString());
			}
			else {
				retryLater(id, attempts, ex.toString());
			}
		}
	}

	private void retryLater(long id, int attempts, String message) {
		this.webhooks.retryIn(id, 30L << Math.min(attempts, 8), message);
	}

	/**
	 * {@code SUITE_PUBLIC_BASE_URL} without a trailing slash: https, or http only for a
	 * loopback host (development). 409 otherwise.
	 */
	private String publicBaseUrl() {
		String base = this.settings.publicBaseUrl().strip();
		while (base.endsWith("/")) {
			base = base.substring(0, base.length() - 1);
		}
		URI uri;
		try {
			uri = URI.create(base);
		}
		catch (IllegalArgumentException ex) {
			uri = null;
		}
		String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		String host = uri == null || uri.getHost() == null ? "" : uri.getHost();
		boolean loopback = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
		if (!(scheme.equals("https") || scheme.equals("http") && loopback) || host.isEmpty()) {
			throw new FinanceProblems.PublicBaseUrlMissing(base);
		}
		return base;
	}

	/**
	 * Whether the address is in the allow-list (IPs or CIDR blocks); an empty list allows
	 * all.
	 */
	public static boolean allowed(String address, List<String> sources) {
		if (sources.isEmpty()) {
			return true;
		}
		byte[] caller;
		try {
			if (!literal(address)) {
				return false;
			}
			caller = InetAddress.getByName(address).getAddress();
		}
		catch (UnknownHostException | RuntimeException ex) {
			return false;
		}
		for (String source : sources) {
			String[] parts = source.strip().split("/", 2);
			if (!literal(parts[0])) {
				continue;
			}
			try {
				byte[] network = InetAddress.getByName(parts[0]).getAddress();
				int bits = parts.length == 2 ? Integer.parseInt(parts[1]) : network.length * 8;
				if (network.length == caller.length && prefixMatches(network, caller, bits)) {
					return true;
				}
			}
			catch (UnknownHostException | RuntimeException ex) {
				// A malformed entry allows nothing.
			}
		}
		return false;
	}

	/** An IP address as text (never a name: no DNS look-up here). */
	private static boolean literal(String text) {
		return !text.isEmpty() && text.matches("[0-9A-Fa-f:.]+") && (text.contains(":") || text.matches("[0-9.]+"));
	}

	private static boolean prefixMatches(byte[] network, byte[] address, int bits) {
		for (int i = 0; i < network.length && bits > 0; i++, bits -= 8) {
			int mask = bits >= 8 ? 0xFF : (0xFF << (8 - bits)) & 0xFF;
			if ((network[i] & mask) != (address[i] & mask)) {
				return false;
			}
		}
		return true;
	}

}
