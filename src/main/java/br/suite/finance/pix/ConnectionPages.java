package br.suite.finance.pix;

import java.io.IOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.FinanceProblems;
import br.suite.finance.connection.ConnectionResponse;
import br.suite.finance.connection.ConnectionService;
import br.suite.finance.connection.CredentialService;
import br.suite.finance.connection.CredentialsRequest;
import br.suite.finance.connection.CredentialsResponse;
import br.suite.finance.connection.PixCredentials;
import br.suite.finance.transaction.SyncLogResponse;
import br.suite.finance.transaction.SyncLogService;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;
import br.suite.web.Pager;

/**
 * A finance connection's Pix provider: the list of connections, and a connection's page
 * with its credentials form (secrets write-only: a blank secret field keeps the one set
 * while the URLs, CA and certificate stay; the page shows only what is set and the
 * certificate's expiry, warned 30 days ahead), the test, sync and webhook registration
 * buttons and the latest sync logs. Messages are the page's own, in Portuguese, per field
 * or per outcome.
 */
@Controller
class ConnectionPages {

	static final String[] TOKEN_AUTHS = { "basic", "form", "client_id_only" };

	/** The fields of the credentials form, in the order the page shows their errors. */
	static final List<String> FIELDS = List.of("base_url", "token_url", "token_auth", "client_id", "client_secret",
			"certificate_p12_base64", "certificate_password", "certificate_pem", "private_key_pem", "pix_key", "scope",
			"extra_headers", "extra_query", "server_ca_pem");

	private final ConnectionService connections;

	private final CredentialService credentials;

	private final PixSyncService sync;

	private final PixWebhookService webhooks;

	private final SyncLogService logs;

	ConnectionPages(ConnectionService connections, CredentialService credentials, PixSyncService sync,
			PixWebhookService webhooks, SyncLogService logs) {
		this.connections = connections;
		this.credentials = credentials;
		this.sync = sync;
		this.webhooks = webhooks;
		this.logs = logs;
	}

	@GetMapping({ "/app/connections", "/app/connections/" })
	@Requires("finance.connections.view")
	String list(@RequestParam(defaultValue = "1") int pagina, Model model) {
		ListQuery.Page<ConnectionResponse> listing = this.connections
			.list(new ConnectionService.Filter(null, null, null, null), new Paging(Pager.SIZE, Pager.offset(pagina)));
		model.addAttribute("connections", listing.items());
		model.addAttribute("pager", Pager.of(pagina, listing.total()));
		return "connections";
	}

	@GetMapping({ "/app/connections/{id}", "/app/connections/{id}/" })
	@Requires("finance.connections.view")
	String connection(@PathVariable long id, Model model) {
		ConnectionResponse connection = this.connections.get(id).body();
		model.addAttribute("connection", connection);
		Optional<CredentialsResponse> set = set(id);
		model.addAttribute("credentials", set.orElse(null));
		model.addAttribute("tokenAuths", TOKEN_AUTHS);
		if (!model.containsAttribute("form")) {
			model.addAttribute("form", set.map(Form::of).orElse(Form.EMPTY));
		}
		// Sync logs are their own kind of data: shown only to who may read them.
		model.addAttribute("logs",
				CurrentUser.get().holds("finance.sync_logs.view") ? this.logs
					.list(new SyncLogService.Filter(connection.provider(), null, null), new Paging(10, 0))
					.items() : null);
		return "connection";
	}

	/** The form's non-secret fields, to fill it again. */
	record Form(String baseUrl, String tokenUrl, String tokenAuth, String scope, String pixKey) {

		static final Form EMPTY = new Form("", "", "basic", "", "");

		static Form of(CredentialsResponse set) {
			return new Form(set.baseUrl(), set.tokenUrl(), set.tokenAuth(), set.scope(), set.pixKey());
		}

	}

	/**
	 * The credentials form as typed (the certificate file apart); a blank secret keeps
	 * the one set while the destination stays.
	 */
	record CredentialsForm(@BindParam("base_url") @Nullable String baseUrl,
			@BindParam("token_url") @Nullable String tokenUrl, @BindParam("token_auth") @Nullable String tokenAuth,
			@Nullable String scope, @BindParam("pix_key") @Nullable String pixKey,
			@BindParam("client_id") @Nullable String clientId,
			@BindParam("client_secret") @Nullable String clientSecret,
			@BindParam("certificate_password") @Nullable String password,
			@BindParam("certificate_pem") @Nullable String certificatePem,
			@BindParam("private_key_pem") @Nullable String privateKeyPem,
			@BindParam("extra_headers") @Nullable String extraHeaders,
			@BindParam("extra_query") @Nullable String extraQuery,
			@BindParam("server_ca_pem") @Nullable String serverCaPem) {

		CredentialsForm {
			baseUrl = baseUrl == null ? "" : baseUrl;
			tokenUrl = tokenUrl == null ? "" : tokenUrl;
			tokenAuth = tokenAuth == null || tokenAuth.isEmpty() ? "basic" : tokenAuth;
			scope = scope == null ? "" : scope;
			pixKey = pixKey == null ? "" : pixKey;
			clientId = clientId == null ? "" : clientId;
			clientSecret = clientSecret == null ? "" : clientSecret;
			password = password == null ? "" : password;
			certificatePem = certificatePem == null ? "" : certificatePem;
			privateKeyPem = privateKeyPem == null ? "" : privateKeyPem;
			extraHeaders = extraHeaders == null ? "" : extraHeaders;
			extraQuery = extraQuery == null ? "" : extraQuery;
			serverCaPem = serverCaPem == null ? "" : serverCaPem;
		}

		/**
		 * The API's request: a new certificate (file, or PEM and key) replaces the one
		 * set with its password; any other blank secret keeps the one set in
		 * {@code current}.
		 */
		CredentialsRequest request(@Nullable String p12Base64, boolean newCertificate,
				Optional<PixCredentials.Secrets> current) {
			String certificateP12 = newCertificate ? p12Base64
					: current.map(PixCredentials.Secrets::certificateP12Base64).orElse(null);
			String certificate = newCertificate ? this.certificatePem
					: current.map(PixCredentials.Secrets::certificatePem).orElse(null);
			String key = newCertificate ? this.privateKeyPem
					: current.map(PixCredentials.Secrets::privateKeyPem).orElse(null);
			String certificatePassword = !this.password.isEmpty() || newCertificate ? this.password
					: current.map(PixCredentials.Secrets::certificatePassword).orElse("");
			return new CredentialsRequest("pix_api", this.baseUrl, this.tokenUrl,
					keep(this.clientId, current.map(PixCredentials.Secrets::clientId)),
					keep(this.clientSecret, current.map(PixCredentials.Secrets::clientSecret)), certificateP12,
					certificatePassword, certificate, key, this.pixKey, this.tokenAuth, this.scope,
					pairs(this.extraHeaders, ':', current.map(PixCredentials.Secrets::extraHeaders)),
					pairs(this.extraQuery, '=', current.map(PixCredentials.Secrets::extraQuery)),
					keep(this.serverCaPem, current.map(PixCredentials.Secrets::serverCaPem)));
		}

		/** The non-secret fields, to fill the form again. */
		Form shown() {
			return new Form(this.baseUrl, this.tokenUrl, this.tokenAuth, this.scope, this.pixKey);
		}

	}

	@PostMapping("/app/connections/{id}/credentials")
	@Requires("finance.connections.change")
	String saveCredentials(@PathVariable long id, CredentialsForm form,
			@RequestParam(name = "certificate_p12", required = false) @Nullable MultipartFile p12, Model model,
			RedirectAttributes redirect) {
		this.connections.get(id);
		String p12Base64 = null;
		if (p12 != null && !p12.isEmpty()) {
			try {
				p12Base64 = Base64.getEncoder().encodeToString(p12.getBytes());
			}
			catch (IOException ex) {
				p12Base64 = "";
			}
		}
		boolean newCertificate = p12Base64 != null || !form.certificatePem().isBlank()
				|| !form.privateKeyPem().isBlank();
		// Blank secret fields keep the stored ones only while the destination stays:
		// after a
		// new URL, CA or certificate every secret must be entered again.
		Optional<PixCredentials.Secrets> current = this.credentials.keepable(id, form.baseUrl(), form.tokenUrl(),
				form.serverCaPem(), newCertificate);
		CredentialsRequest request = form.request(p12Base64, newCertificate, current);
		try {
			this.credentials.put(id, request, CurrentUser.get());
		}
		catch (FinanceProblems.ProviderDestinationNotGranted refused) {
			model.addAttribute("form", form.shown());
			model.addAttribute("outcome", "credentials.destinationNotGranted");
			return connection(id, model);
		}
		catch (ApiProblem problem) {
			Map<String, String> errors = new LinkedHashMap<>();
			if (problem instanceof InvalidRequest invalid) {
				for (String field : FIELDS) {
					if (invalid.errors().containsKey(field)) {
						errors.put(field.equals("certificate_p12_base64") ? "certificate_p12" : field,
								"connection.error." + field);
					}
				}
			}
			model.addAttribute("fieldErrors", errors);
			model.addAttribute("form", form.shown());
			model.addAttribute("outcome", "credentials.refused");
			return connection(id, model);
		}
		redirect.addFlashAttribute("outcome", "credentials.saved");
		return "redirect:/app/connections/" + id + "/";
	}

	@PostMapping("/app/connections/{id}/test")
	@Requires("finance.connections.change")
	@RateLimited(RateLimited.Kind.PROVIDER_CALLS)
	String test(@PathVariable long id, RedirectAttributes redirect) {
		try {
			PixSyncService.TestOutcome outcome = this.sync.test(id);
			redirect.addFlashAttribute("outcome", "test." + outcome.status());
		}
		catch (ApiProblem problem) {
			redirect.addFlashAttribute("outcome", "noCredentials");
		}
		return "redirect:/app/connections/" + id + "/";
	}

	@PostMapping("/app/connections/{id}/sync")
	@Requires("finance.connections.change")
	@RateLimited(RateLimited.Kind.PROVIDER_CALLS)
	String syncNow(@PathVariable long id, RedirectAttributes redirect) {
		try {
			SyncLogResponse log = this.sync.sync(id, null, null);
			redirect.addFlashAttribute("outcome", "sync." + log.status());
		}
		catch (FinanceProblems.ConnectionDisabled disabled) {
			redirect.addFlashAttribute("outcome", "disabled");
		}
		catch (ApiProblem problem) {
			redirect.addFlashAttribute("outcome", "noCredentials");
		}
		return "redirect:/app/connections/" + id + "/";
	}

	@PostMapping("/app/connections/{id}/webhook")
	@Requires("finance.connections.change")
	String registerWebhook(@PathVariable long id, RedirectAttributes redirect) {
		try {
			this.webhooks.register(id);
			redirect.addFlashAttribute("outcome", "webhook.registered");
		}
		catch (FinanceProblems.NoPixKey missing) {
			redirect.addFlashAttribute("outcome", "webhook.noPixKey");
		}
		catch (FinanceProblems.PublicBaseUrlMissing missing) {
			redirect.addFlashAttribute("outcome", "webhook.noPublicUrl");
		}
		catch (FinanceProblems.ProviderFailed failed) {
			redirect.addFlashAttribute("outcome", "webhook.refused");
		}
		catch (ApiProblem problem) {
			redirect.addFlashAttribute("outcome", "noCredentials");
		}
		return "redirect:/app/connections/" + id + "/";
	}

	private Optional<CredentialsResponse> set(long id) {
		try {
			return Optional.of(this.credentials.get(id));
		}
		catch (FinanceProblems.CredentialsNotFound none) {
			return Optional.empty();
		}
	}

	/** A typed value, or the one set when the field was left blank (write-only). */
	private static @Nullable String keep(String typed, Optional<@Nullable String> current) {
		return typed.isBlank() ? current.orElse(null) : typed;
	}

	/**
	 * "name: value" (headers) or "name=value" (query) lines; a blank field keeps what is
	 * set; a line without a value is given to the service as is (it names the error).
	 */
	static @Nullable Map<String, String> pairs(String text, char separator, Optional<Map<String, String>> current) {
		if (text.isBlank()) {
			return current.orElse(null);
		}
		Map<String, String> out = new LinkedHashMap<>();
		for (String line : text.split("\\R")) {
			if (line.isBlank()) {
				continue;
			}
			int at = line.indexOf(separator);
			out.put((at < 0 ? line : line.substring(0, at)).strip(), at < 0 ? "" : line.substring(at + 1).strip());
		}
		return out;
	}

}
