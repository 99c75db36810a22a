package br.suite.finance.connection;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/connections")
@Tag(name = "Finance: provider connections")
class CredentialController {

	private final CredentialService credentials;

	CredentialController(CredentialService credentials) {
		this.credentials = credentials;
	}

	@PutMapping(PathIds.ID + "/credentials")
	@Requires("finance.connections.change")
	@Operation(summary = "Set a connection's provider credentials (write-only)",
			description = "Replaces them whole (secrets must be sent again). kind pix_api; base_url and token_url "
					+ "https to public addresses (like webhook targets); client_id required, client_secret may be "
					+ "empty; the client certificate as certificate_p12_base64 + certificate_password (may be empty) "
					+ "or certificate_pem + private_key_pem, read and matched now (400 naming the field). Secrets are "
					+ "stored encrypted (AES-GCM) and never shown again. The connection's status becomes pending. 204. "
					+ "Setting them where none are, or changing base_url, token_url, server_ca_pem or the client "
					+ "certificate, also needs finance.connections.credentials (403, nothing written).")
	ResponseEntity<Void> put(@PathVariable long id, @RequestBody CredentialsRequest request) {
		this.credentials.put(id, request, CurrentUser.get());
		return ResponseEntity.noContent().build();
	}

	@GetMapping(PathIds.ID + "/credentials")
	@Requires("finance.connections.view")
	@Operation(summary = "What is set in a connection's credentials",
			description = "URLs, token_auth, scope, pix_key, which secrets are set, the names (not values) of extra "
					+ "headers and query parameters, the certificate's subject and expiry (certificate_expires_soon "
					+ "from 30 days before), and when they were set. Never a secret. 404 when none are set.")
	ResponseEntity<CredentialsResponse> get(@PathVariable long id) {
		return ResponseEntity.ok(this.credentials.get(id));
	}

	@DeleteMapping(PathIds.ID + "/credentials")
	@Requires("finance.connections.change")
	@Operation(summary = "Remove a connection's provider credentials", description = "204; 404 when none are set.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.credentials.delete(id);
		return ResponseEntity.noContent().build();
	}

}
