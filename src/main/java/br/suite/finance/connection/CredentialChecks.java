package br.suite.finance.connection;

import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import br.suite.finance.FinanceFields;
import br.suite.finance.connection.PixCredentials.Secrets;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.shared.outbound.OutboundUrls;

/**
 * The checks of a {@code PUT …/credentials/} body, each failure a 400 naming its field:
 * provider URLs refused like webhook targets, the certificate (PKCS#12 or PEM) read and
 * matched with its key, extra headers and query parameters well-formed and not Suite's
 * own.
 */
@Component
class CredentialChecks {

	private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}");

	private static final Pattern QUERY_NAME = Pattern.compile("[A-Za-z0-9._~-]{1,100}");

	private static final List<String> RESERVED_HEADERS = List.of("authorization", "host", "content-length",
			"content-type", "connection", "transfer-encoding", "upgrade", "expect");

	private static final int EXTRAS_MAX = 20;

	private final boolean allowLoopback;

	CredentialChecks(@Value("${suite.webhooks.allow-loopback:false}") boolean allowLoopback) {
		this.allowLoopback = allowLoopback;
	}

	/** The request after its checks. */
	record Checked(String baseUrl, String tokenUrl, TokenAuth tokenAuth, String scope, String pixKey, Secrets secrets,
			@Nullable X509Certificate certificate, String certificateKind) {
	}

	Checked check(CredentialsRequest request) {
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
				: ClosedSet.required(TokenAuth.class, "token_auth", request.tokenAuth().strip(), errors);
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

	private static @Nullable String blankToNull(@Nullable String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}

}
