package br.suite.finance.connection;

import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceProblems;
import br.suite.finance.FinanceProblems.ConnectionNotFound;
import br.suite.finance.FinanceProblems.CredentialsNotFound;
import br.suite.finance.connection.PixCredentials.Secrets;
import br.suite.finance.connection.ProviderCertificates.ClientIdentity;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.crypto.SecretBox;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.json.JsonMapper;

/**
 * A connection's provider credentials: checked (URLs refused like webhook targets,
 * certificate and key read and matched), the secrets sealed with {@link SecretBox}
 * (AES-GCM, bound to the connection), the rest kept in the clear to show what is set.
 * Setting them puts the connection back to {@code pending} until a test proves them.
 * Where the calls go is a {@link Destination}; re-sealing with a new key is
 * {@link CredentialReseal}'s.
 */
@Service
public class CredentialService {

	static final Duration EXPIRY_WARNING = Duration.ofDays(30);

	/**
	 * Needed, beside finance.connections.change, to set or change where a connection's
	 * money comes from.
	 */
	static final String DESTINATION_PERMISSION = FinanceProblems.DESTINATION_PERMISSION;

	private final CredentialRepository credentials;

	private final SecretBox box;

	private final JsonMapper json;

	private final AuditLog audit;

	private final CredentialChecks checks;

	CredentialService(CredentialRepository credentials, SecretBox box, JsonMapper json, AuditLog audit,
			CredentialChecks checks) {
		this.credentials = credentials;
		this.box = box;
		this.json = json;
		this.audit = audit;
		this.checks = checks;
	}

	/**
	 * The stored destination, or empty when no credentials are set or they no longer open
	 * (then any PUT is a new destination).
	 */
	private Optional<Destination> storedDestination(long connectionId) {
		try {
			return load(connectionId)
				.map(stored -> Destination.of(stored.baseUrl(), stored.tokenUrl(), stored.secrets().serverCaPem(),
						stored.identity() == null ? null : stored.identity().certificate()));
		}
		catch (IllegalStateException ex) {
			return Optional.empty();
		}
	}

	/**
	 * The stored secrets a form may keep for fields left blank: only while the form keeps
	 * the destination (same URLs, no new certificate, the server CA blank or the same).
	 * Otherwise none: a secret is never carried to a host it was not entered for.
	 */
	@Transactional(readOnly = true)
	public Optional<Secrets> keepable(long connectionId, String baseUrl, String tokenUrl, String serverCaPem,
			boolean newCertificate) {
		if (newCertificate) {
			return Optional.empty();
		}
		Optional<PixCredentials> stored;
		try {
			stored = load(connectionId);
		}
		catch (IllegalStateException ex) {
			return Optional.empty();
		}
		return stored
			.filter(current -> Destination.url(current.baseUrl()).equals(Destination.url(baseUrl))
					&& Destination.url(current.tokenUrl()).equals(Destination.url(tokenUrl))
					&& (serverCaPem.isBlank() || serverCaPem.strip()
						.equals(current.secrets().serverCaPem() == null ? ""
								: current.secrets().serverCaPem().strip())))
			.map(PixCredentials::secrets);
	}

	/**
	 * Sets the credentials. Setting them where none are, or changing the destination
	 * (base_url, token_url, server CA, client certificate), needs
	 * {@link #DESTINATION_PERMISSION}: 403 before anything is written. A new destination
	 * is audited with its old and new hosts.
	 */
	@Transactional
	public void put(long connectionId, CredentialsRequest request, CurrentUser caller) {
		CredentialChecks.Checked checked = this.checks.check(request);
		lockConnection(connectionId);
		Optional<Destination> stored = storedDestination(connectionId);
		Destination next = Destination.of(checked.baseUrl(), checked.tokenUrl(), checked.secrets().serverCaPem(),
				checked.certificate());
		boolean moved = stored.map(d -> !d.equals(next)).orElse(true);
		if (moved && !caller.holds(DESTINATION_PERMISSION)) {
			throw new FinanceProblems.ProviderDestinationNotGranted();
		}
		Map<String, @Nullable Object> before = find(connectionId).map(CredentialService::audited).orElse(Map.of());
		byte[] sealed = this.box.seal(this.json.writeValueAsBytes(checked.secrets()), context(connectionId));
		X509Certificate certificate = checked.certificate();
		Secrets secrets = checked.secrets();
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("id", connectionId);
		params.put("baseUrl", checked.baseUrl());
		params.put("tokenUrl", checked.tokenUrl());
		params.put("tokenAuth", ClosedSet.wire(checked.tokenAuth()));
		params.put("scope", checked.scope());
		params.put("pixKey", checked.pixKey());
		params.put("secrets", sealed);
		params.put("clientSecretSet", !secrets.clientSecret().isEmpty());
		params.put("certificate", checked.certificateKind());
		params.put("subject",
				certificate == null ? "" : truncate(certificate.getSubjectX500Principal().getName(), 500));
		params.put("expires", certificate == null ? null
				: OffsetDateTime.ofInstant(certificate.getNotAfter().toInstant(), ZoneOffset.UTC));
		params.put("serverCaSet", secrets.serverCaPem() != null);
		params.put("headerNames", secrets.extraHeaders().keySet().toArray(new String[0]));
		params.put("queryNames", secrets.extraQuery().keySet().toArray(new String[0]));
		params.put("now", OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS));
		this.credentials.save(params);
		// New credentials are not proven yet.
		this.credentials.markPending(connectionId, (OffsetDateTime) params.get("now"));
		// The audit names what changed, never a secret (a new secret is "secrets:
		// sealed").
		Map<String, @Nullable Object> after = audited(find(connectionId).orElseThrow());
		after.put("secrets", "sealed " + params.get("now"));
		this.audit.record("finance.connection.credentials_set", "connection", connectionId,
				AuditLog.Changes.between(before, after));
		if (moved) {
			Map<String, @Nullable Object> from = new LinkedHashMap<>();
			stored.ifPresent(d -> {
				from.put("base_url_host", Destination.host(d.baseUrl()));
				from.put("token_url_host", Destination.host(d.tokenUrl()));
				from.put("server_ca_sha256", d.serverCaPem().isEmpty() ? "" : Sha256.hex(d.serverCaPem()));
				from.put("certificate_sha256", d.certificateSha256());
			});
			Map<String, @Nullable Object> to = new LinkedHashMap<>();
			to.put("base_url_host", Destination.host(next.baseUrl()));
			to.put("token_url_host", Destination.host(next.tokenUrl()));
			to.put("server_ca_sha256", next.serverCaPem().isEmpty() ? "" : Sha256.hex(next.serverCaPem()));
			to.put("certificate_sha256", next.certificateSha256());
			this.audit.record("finance.connection.destination_changed", "connection", connectionId,
					AuditLog.Changes.between(from, to));
		}
	}

	/** The enabled connections holding pix_api credentials, by id: those Pix can use. */
	@Transactional(readOnly = true)
	public List<Long> usablePixConnections() {
		return this.credentials.usablePixConnections();
	}

	/** The Pix key of the connection's pix_api credentials; blank when it has none. */
	@Transactional(readOnly = true)
	public String pixKey(long connectionId) {
		return this.credentials.pixKey(connectionId).orElse("");
	}

	@Transactional(readOnly = true)
	public CredentialsResponse get(long connectionId) {
		if (!this.credentials.connectionExists(connectionId)) {
			throw new ConnectionNotFound(connectionId);
		}
		return find(connectionId).orElseThrow(() -> new CredentialsNotFound(connectionId));
	}

	@Transactional
	void delete(long connectionId) {
		lockConnection(connectionId);
		CredentialsResponse current = find(connectionId).orElseThrow(() -> new CredentialsNotFound(connectionId));
		this.credentials.delete(connectionId);
		this.audit.record("finance.connection.credentials_deleted", "connection", connectionId,
				AuditLog.Changes.removed(audited(current)));
	}

	/**
	 * The decrypted credentials for the provider client; empty when none are set.
	 * @throws IllegalStateException when they cannot be opened (a lost or wrong key)
	 */
	@Transactional(readOnly = true)
	public Optional<PixCredentials> load(long connectionId) {
		return this.credentials.sealed(connectionId).map(stored -> {
			byte[] plain = this.box.open(stored.secrets(), context(connectionId));
			Secrets secrets = this.json.readValue(plain, Secrets.class);
			ClientIdentity identity;
			List<X509Certificate> cas;
			try {
				identity = identity(secrets);
				cas = secrets.serverCaPem() == null ? List.of()
						: ProviderCertificates.certificates(secrets.serverCaPem());
			}
			catch (ProviderCertificates.Invalid ex) {
				throw new IllegalStateException("stored certificate no longer reads: " + ex.getMessage());
			}
			return new PixCredentials(connectionId, stored.baseUrl(), stored.tokenUrl(),
					ClosedSet.parse(TokenAuth.class, "token_auth", stored.tokenAuth()), stored.scope(), stored.pixKey(),
					secrets, identity, cas);
		});
	}

	static @Nullable ClientIdentity identity(Secrets secrets) throws ProviderCertificates.Invalid {
		if (secrets.certificateP12Base64() != null) {
			return ProviderCertificates.fromP12(Base64.getMimeDecoder().decode(secrets.certificateP12Base64()),
					secrets.certificatePassword());
		}
		if (secrets.certificatePem() != null && secrets.privateKeyPem() != null) {
			return ProviderCertificates.fromPem(secrets.certificatePem(), secrets.privateKeyPem());
		}
		return null;
	}

	private Optional<CredentialsResponse> find(long connectionId) {
		return this.credentials.find(connectionId);
	}

	private static Map<String, @Nullable Object> audited(CredentialsResponse credentials) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("kind", credentials.kind());
		fields.put("base_url", credentials.baseUrl());
		fields.put("token_url", credentials.tokenUrl());
		fields.put("token_auth", credentials.tokenAuth());
		fields.put("scope", credentials.scope());
		fields.put("pix_key", credentials.pixKey());
		fields.put("certificate", credentials.certificate());
		fields.put("certificate_expires_at",
				credentials.certificateExpiresAt() == null ? null : credentials.certificateExpiresAt().toString());
		fields.put("extra_header_names", String.join(",", credentials.extraHeaderNames()));
		fields.put("extra_query_names", String.join(",", credentials.extraQueryNames()));
		return fields;
	}

	private void lockConnection(long connectionId) {
		if (!this.credentials.lockConnection(connectionId)) {
			throw new ConnectionNotFound(connectionId);
		}
	}

	static String context(long connectionId) {
		return "finance_connection_credential:" + connectionId;
	}

	private static String truncate(String text, int max) {
		return text.length() > max ? text.substring(0, max) : text;
	}

}
