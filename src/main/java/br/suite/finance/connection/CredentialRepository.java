package br.suite.finance.connection;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.finance.transaction.TransactionService;

/**
 * The credentials' storage ({@code finance_connection_credential}, the secrets as sealed
 * bytes) and the connection row they lock, in the caller's transaction:
 * {@link CredentialService} checks, seals and opens them and audits.
 */
@Repository
class CredentialRepository {

	/** A stored row as the provider client needs it, its secrets still sealed. */
	record Sealed(String baseUrl, String tokenUrl, String tokenAuth, String scope, String pixKey, byte[] secrets) {
	}

	private final JdbcClient jdbc;

	CredentialRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts or replaces the connection's credentials (the named parameters of the row).
	 */
	void save(Map<String, Object> params) {
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
	}

	/** New credentials are not proven yet: the connection is pending until a test. */
	void markPending(long connectionId, OffsetDateTime now) {
		this.jdbc
			.sql("UPDATE finance_connection SET status = 'pending', version = version + 1, updated_at = ? "
					+ "WHERE id = ? AND status <> 'pending'")
			.params(now, connectionId)
			.update();
	}

	void delete(long connectionId) {
		this.jdbc.sql("DELETE FROM finance_connection_credential WHERE connection_id = ?").param(connectionId).update();
	}

	/** The enabled connections holding pix_api credentials, by id. */
	List<Long> usablePixConnections() {
		return this.jdbc.sql("""
				SELECT c.id FROM finance_connection c JOIN finance_connection_credential k ON k.connection_id = c.id
				WHERE c.enabled AND k.kind = 'pix_api' ORDER BY c.id""").query(Long.class).list();
	}

	/** The Pix key of the connection's pix_api credentials. */
	Optional<String> pixKey(long connectionId) {
		return this.jdbc
			.sql("SELECT pix_key FROM finance_connection_credential WHERE connection_id = ? AND kind = 'pix_api'")
			.param(connectionId)
			.query(String.class)
			.optional();
	}

	Optional<Sealed> sealed(long connectionId) {
		return this.jdbc.sql("""
				SELECT base_url, token_url, token_auth, scope, pix_key, secrets
				FROM finance_connection_credential WHERE connection_id = ?""")
			.param(connectionId)
			.query((rs, n) -> new Sealed(rs.getString("base_url"), rs.getString("token_url"),
					rs.getString("token_auth"), rs.getString("scope"), rs.getString("pix_key"), rs.getBytes("secrets")))
			.optional();
	}

	Optional<CredentialsResponse> find(long connectionId) {
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
				expires, expires != null && expires.isBefore(Instant.now().plus(CredentialService.EXPIRY_WARNING)),
				rs.getBoolean("server_ca_set"), strings(rs.getArray("extra_header_names")),
				strings(rs.getArray("extra_query_names")),
				Objects.requireNonNull(TransactionService.instant(rs, "updated_at")));
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

	/** Locks the connection's row; false when there is no such connection. */
	boolean lockConnection(long connectionId) {
		return this.jdbc.sql("SELECT id FROM finance_connection WHERE id = ? FOR UPDATE")
			.param(connectionId)
			.query(Long.class)
			.optional()
			.isPresent();
	}

	boolean connectionExists(long connectionId) {
		return this.jdbc.sql("SELECT EXISTS (SELECT 1 FROM finance_connection WHERE id = ?)")
			.param(connectionId)
			.query(Boolean.class)
			.single();
	}

}
