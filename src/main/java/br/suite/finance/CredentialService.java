package br.suite.finance;

import java.security.cert.X509Certificate;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
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
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceProblems.ConnectionNotFound;
import br.suite.finance.FinanceProblems.CredentialsNotFound;
import br.suite.finance.PixCredentials.Secrets;
import br.suite.finance.ProviderCertificates.ClientIdentity;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.shared.OutboundUrls;
import br.suite.shared.SecretBox;
import tools.jackson.databind.json.JsonMapper;

/**
 * A connection's provider credentials: checked (URLs refused like webhook targets,
 * certificate and key read and matched), the secrets sealed with {@link SecretBox}
 * (AES-GCM, bound to the connection), the rest kept in the clear to show what is set.
 * Setting them puts the connection back to {@code pending} until a test proves them.
 */
@Service
class CredentialService {

	private static final Logger log = LoggerFactory.getLogger(CredentialService.class);

	static final Duration EXPIRY_WARNING = Duration.ofDays(30);

	private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}");

	private static final Pattern QUERY_NAME = Pattern.compile("[A-Za-z0-9._~-]{1,100}");

	private static final List<String> RESERVED_HEADERS = List.of("authorization", "host", "content-length",
			"content-type", "connection", "transfer-encoding", "upgrade", "expect");

	private static final int EXTRAS_MAX = 20;

	private final JdbcClient jdbc;

	private final SecretBox box;

	private final JsonMapper json;

	private final AuditLog audit;

	private final boolean allowLoopback;

	CredentialService(JdbcClient jdbc, SecretBox box, JsonMapper json, AuditLog audit,
			@Value("${suite.webhooks.allow-loopback:false}") boolean allowLoopback) {
		this.jdbc = jdbc;
		this.box = box;
		this.json = json;
		this.audit = audit;
		this.allowLoopback = allowLoopback;
	}

	/** The request after its checks. */
	private record Checked(String baseUrl, String tokenUrl, TokenAuth tokenAuth, String scope, String pixKey,
			Secrets secrets, @Nullable X509Certificate certificate, String certificateKind) {
	}

	@Transactional
	void put(long connectionId, CredentialsRequest request) {
		Checked checked = check(request);
		lockConnection(connectionId);
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
		this.jdbc.sql("""
				INSERT INTO finance_connection_credential (connection_id, kind, base_url, token_url, token_auth, scope,
				    pix_key, secrets, client_secret_set, certificate, certificate_subject, certificate_expires_at,
				    server_ca_set, extra_header_names, extra_query_names, updated_at)
				VALUES (:id, 'pix_api', :baseUrl, :tokenUrl, :tokenAuth, :scope, :pixKey, :secrets, :clientSecretSet,
				    :certificate, :subject, :expires, :serverCaSet, :headerNames, :queryNames, :now)
				ON CONFLICT (connection_id) DO UPDATE SET kind = EXCLUDED.kind, base_url = EXCLUDED.base_url,
				    token_url = EXCLUDED.token_url, token_auth = EXCLUDED.token_auth, scope = EXCLUDED.scope,
				    pix_key = EXCLUDED.pix_key, secrets = EXCLUDED.secrets,
				    client_secret_set = EXCLUDED.client_secret_set, certificate = EXCLUDED.certificate,
				    certificate_subject = EXCLUDED.certificate_subject,
				    certificate_expires_at = EXCLUDED.certificate_expires_at, server_ca_set = EXCLUDED.server_ca_set,
				    extra_header_names = EXCLUDED.extra_header_names,
				    extra_query_names = EXCLUDED.extra_query_names, updated_at = EXCLUDED.updated_at""")
			.params(params)
			.update();
		// New credentials are not proven yet.
		this.jdbc
			.sql("UPDATE finance_connection SET status = 'pending', version = version + 1, updated_at = ? "
					+ "WHERE id = ? AND status <> 'pending'")
			.params(params.get("now"), connectionId)
			.update();
		// The audit names what changed, never a secret (a new secret is "secrets:
		// sealed").
		Map<String, @Nullable Object> after = audited(find(connectionId).orElseThrow());
		after.put("secrets", "sealed " + params.get("now"));
		this.audit.record("finance.connection.credentials_set", "connection", connectionId,
				AuditLog.Changes.between(before, after));
	}

	@Transactional(readOnly = true)
	CredentialsResponse get(long connectionId) {
		if (!connectionExists(connectionId)) {
			throw new ConnectionNotFound(connectionId);
		}
		return find(connectionId).orElseThrow(() -> new CredentialsNotFound(connectionId));
	}

	@Transactional
	void delete(long connectionId) {
		lockConnection(connectionId);
		CredentialsResponse current = find(connectionId).orElseThrow(() -> new CredentialsNotFound(connectionId));
		this.jdbc.sql("DELETE FROM finance_connection_credential WHERE connection_id = ?").param(connectionId).update();
		this.audit.record("finance.connection.credentials_deleted", "connection", connectionId,
				AuditLog.Changes.removed(audited(current)));
	}

	/**
	 * The decrypted credentials for the provider client; empty when none are set.
	 * @throws IllegalStateException when they cannot be opened (a lost or wrong key)
	 */
	@Transactional(readOnly = true)
	Optional<PixCredentials> load(long connectionId) {
		return this.jdbc.sql("""
				SELECT base_url, token_url, token_auth, scope, pix_key, secrets
				FROM finance_connection_credential WHERE connection_id = ?""").param(connectionId).query((rs, n) -> {
			byte[] plain = this.box.open(rs.getBytes("secrets"), context(connectionId));
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
			return new PixCredentials(connectionId, rs.getString("base_url"), rs.getString("token_url"),
					ClosedSet.parse(TokenAuth.class, "token_auth", rs.getString("token_auth")), rs.getString("scope"),
					rs.getString("pix_key"), secrets, identity, cas);
		}).optional();
	}

	/**
	 * Key rotation: re-seals with the current key every secret sealed with a previous one
	 * (SUITE_SECRETS_PREVIOUS_KEYS), so the old key can then be dropped; run at the
	 * service's start ({@link CredentialReseal}). Idempotent; several instances may run
	 * it at once. Secrets no key opens are named in one warning.
	 */
	@Transactional
	public void resealWithCurrentKey() {
		List<Long> ids = this.jdbc.sql("SELECT connection_id FROM finance_connection_credential ORDER BY 1 FOR UPDATE")
			.query(Long.class)
			.list();
		int resealed = 0;
		List<Long> unopened = new ArrayList<>();
		for (long id : ids) {
			byte[] sealed = this.jdbc.sql("SELECT secrets FROM finance_connection_credential WHERE connection_id = ?")
				.param(id)
				.query((rs, n) -> rs.getBytes(1))
				.single();
			if (this.box.current(sealed)) {
				continue;
			}
			try {
				byte[] plain = this.box.open(sealed, context(id));
				this.jdbc.sql("UPDATE finance_connection_credential SET secrets = ? WHERE connection_id = ?")
					.params(this.box.seal(plain, context(id)), id)
					.update();
				resealed++;
			}
			catch (IllegalStateException ex) {
				unopened.add(id);
			}
		}
		if (resealed > 0) {
			log.info("Re-sealed the credentials of {} connection(s) with the current secrets key", resealed);
		}
		if (!unopened.isEmpty()) {
			log.warn(
					"The credentials of {} connection(s) cannot be opened with the secrets keys this instance has "
							+ "(set SUITE_SECRETS_KEY, or the old key in SUITE_SECRETS_PREVIOUS_KEYS): connections {}",
					unopened.size(), unopened.size() > 20 ? unopened.subList(0, 20) + "…" : unopened);
		}
	}

	private Checked check(CredentialsRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.kind() == null || request.kind().isBlank()) {
			errors.add("kind", "is required: pix_api");
		}
		else if (!request.kind().strip().equals("pix_api")) {
			errors.add("kind", "must be pix_api (got \"" + request.kind() + "\")");
		}
		String baseUrl = providerUrl(request.baseUrl(), "base_url", errors);
		String tokenUrl = providerUrl(request.tokenUrl(), "token_url", errors);
		TokenAuth tokenAuth = request.tokenAuth() == null || request.tokenAuth().isBlank() ? TokenAuth.BASIC
				: FinanceFields.closed(TokenAuth.class, request.tokenAuth().strip(), "token_auth", errors);
		String scope = FinanceFields.text(request.scope(), "scope", 1000, false, errors);
		String pixKey = FinanceFields.text(request.pixKey(), "pix_key", 77, false, errors);
		String clientId = FinanceFields.text(request.clientId(), "client_id", 500, true, errors);
		String clientSecret = FinanceFields.verbatim(request.clientSecret(), "client_secret", 2000, errors);
		String password = FinanceFields.verbatim(request.certificatePassword(), "certificate_password", 500, errors);
		String p12 = blankToNull(request.certificateP12Base64());
		String pem = blankToNull(request.certificatePem());
		String key = blankToNull(request.privateKeyPem());
		X509Certificate certificate = null;
		String certificateKind = "none";
		if (p12 != null && (pem != null || key != null)) {
			errors.add("certificate_p12_base64", "give the certificate either as PKCS#12 or as PEM, not both");
		}
		else if (p12 != null) {
			try {
				byte[] bytes = Base64.getMimeDecoder().decode(p12);
				if (bytes.length > 65_536) {
					errors.add("certificate_p12_base64", "must be at most 64 KiB");
				}
				else {
					certificate = ProviderCertificates.fromP12(bytes, password).certificate();
					certificateKind = "p12";
				}
			}
			catch (IllegalArgumentException ex) {
				errors.add("certificate_p12_base64", "must be base64");
			}
			catch (ProviderCertificates.Invalid ex) {
				errors.add("certificate_p12_base64", ex.getMessage());
			}
		}
		else if (pem != null || key != null) {
			if (pem == null) {
				errors.add("certificate_pem", "is required with private_key_pem");
			}
			else if (key == null) {
				errors.add("private_key_pem", "is required with certificate_pem");
			}
			else if (pem.length() > 65_536 || key.length() > 65_536) {
				errors.add(pem.length() > 65_536 ? "certificate_pem" : "private_key_pem", "must be at most 64 KiB");
			}
			else {
				try {
					ProviderCertificates.privateKey(key);
					try {
						certificate = ProviderCertificates.fromPem(pem, key).certificate();
						certificateKind = "pem";
					}
					catch (ProviderCertificates.Invalid ex) {
						errors.add(
								ex.getMessage().startsWith("does not belong") ? "private_key_pem" : "certificate_pem",
								ex.getMessage());
					}
				}
				catch (ProviderCertificates.Invalid ex) {
					errors.add("private_key_pem", ex.getMessage());
				}
			}
		}
		String serverCa = blankToNull(request.serverCaPem());
		if (serverCa != null) {
			try {
				ProviderCertificates.certificates(serverCa);
			}
			catch (ProviderCertificates.Invalid ex) {
				errors.add("server_ca_pem", ex.getMessage());
			}
		}
		Map<String, String> headers = extras(request.extraHeaders(), "extra_headers", HEADER_NAME, true, errors);
		Map<String, String> query = extras(request.extraQuery(), "extra_query", QUERY_NAME, false, errors);
		errors.throwIfAny();
		return new Checked(baseUrl, tokenUrl, tokenAuth, scope, pixKey,
				new Secrets(clientId, clientSecret, p12, password, pem, key, headers, query, serverCa), certificate,
				certificateKind);
	}

	private String providerUrl(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		String url = raw == null ? "" : raw.strip();
		if (url.isEmpty()) {
			errors.add(field, "is required: the provider's https URL");
			return "";
		}
		if (url.length() > 500) {
			errors.add(field, "must be at most 500 characters");
			return "";
		}
		try {
			OutboundUrls.checked(url, this.allowLoopback, "Pix providers");
		}
		catch (OutboundUrls.Refused refused) {
			errors.add(field, refused.getMessage());
		}
		while (url.endsWith("/")) {
			url = url.substring(0, url.length() - 1);
		}
		return url;
	}

	private static Map<String, String> extras(@Nullable Map<String, String> raw, String field, Pattern names,
			boolean headers, InvalidRequest.Builder errors) {
		Map<String, String> out = new TreeMap<>();
		if (raw == null) {
			return out;
		}
		if (raw.size() > EXTRAS_MAX) {
			errors.add(field, "must have at most " + EXTRAS_MAX + " entries");
			return out;
		}
		raw.forEach((name, value) -> {
			String text = value == null ? "" : value;
			if (!names.matcher(name).matches()) {
				errors.add(field, "\"" + name + "\" is not a valid name");
			}
			else if (headers && RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
				errors.add(field, "\"" + name + "\" is set by Suite itself");
			}
			else if (text.length() > 1000 || text.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
				errors.add(field, "the value of \"" + name + "\" must be at most 1000 printable characters");
			}
			else {
				out.put(name, text);
			}
		});
		return out;
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
		return this.jdbc.sql("""
				SELECT kind, base_url, token_url, token_auth, scope, pix_key, client_secret_set, certificate,
				    certificate_subject, certificate_expires_at, server_ca_set, extra_header_names, extra_query_names,
				    updated_at
				FROM finance_connection_credential WHERE connection_id = ?""")
			.param(connectionId)
			.query((rs, n) -> map(rs))
			.optional();
	}

	private static CredentialsResponse map(ResultSet rs) throws SQLException {
		Instant expires = TransactionService.instant(rs, "certificate_expires_at");
		return new CredentialsResponse(rs.getString("kind"), rs.getString("base_url"), rs.getString("token_url"),
				rs.getString("token_auth"), rs.getString("scope"), rs.getString("pix_key"), true,
				rs.getBoolean("client_secret_set"), rs.getString("certificate"), rs.getString("certificate_subject"),
				expires, expires != null && expires.isBefore(Instant.now().plus(EXPIRY_WARNING)),
				rs.getBoolean("server_ca_set"), strings(rs.getArray("extra_header_names")),
				strings(rs.getArray("extra_query_names")),
				java.util.Objects.requireNonNull(TransactionService.instant(rs, "updated_at")));
	}

	private static List<String> strings(@Nullable Array array) throws SQLException {
		List<String> out = new ArrayList<>();
		if (array != null) {
			for (Object item : (Object[]) array.getArray()) {
				out.add((String) item);
			}
		}
		return out;
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
		this.jdbc.sql("SELECT id FROM finance_connection WHERE id = ? FOR UPDATE")
			.param(connectionId)
			.query(Long.class)
			.optional()
			.orElseThrow(() -> new ConnectionNotFound(connectionId));
	}

	private boolean connectionExists(long connectionId) {
		return this.jdbc.sql("SELECT EXISTS (SELECT 1 FROM finance_connection WHERE id = ?)")
			.param(connectionId)
			.query(Boolean.class)
			.single();
	}

	static String context(long connectionId) {
		return "finance_connection_credential:" + connectionId;
	}

	private static @Nullable String blankToNull(@Nullable String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}

	private static String truncate(String text, int max) {
		return text.length() > max ? text.substring(0, max) : text;
	}

}
