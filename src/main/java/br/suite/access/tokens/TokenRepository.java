package br.suite.access.tokens;

import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.access.tokens.TokenService.Caller;
import br.suite.access.tokens.TokenService.TokenInfo;
import br.suite.shared.CurrentUser;

/**
 * The tokens' storage ({@code access_token}, by the SHA-256 of the token, never the
 * token), in the caller's transaction: {@link TokenService} makes the secrets, caches the
 * checks and audits.
 */
@Repository
class TokenRepository {

	/** last_used_at and the sliding expiry are written at most this often per token. */
	private static final long USE_RESOLUTION_SECONDS = 60;

	private final JdbcClient jdbc;

	TokenRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A checked token's caller, and whether its last use is older than the resolution.
	 */
	record Found(Caller caller, boolean staleUse) {
	}

	/** A deleted token: its id and its owner's. */
	record Deleted(long id, long userId) {
	}

	long insert(long userId, String hash, double ttlSeconds) {
		return this.jdbc
			.sql("INSERT INTO access_token (user_id, key_hash, created_at, expires_at) "
					+ "VALUES (:user, :hash, now(), now() + :ttl * interval '1 second') RETURNING id")
			.param("user", userId)
			.param("hash", hash)
			.param("ttl", ttlSeconds)
			.query(Long.class)
			.single();
	}

	/**
	 * The caller of an unexpired token of an active user, in one indexed query; empty
	 * otherwise.
	 */
	Optional<Found> find(String hash) {
		return this.jdbc.sql("""
				SELECT t.id AS token_id, t.last_used_at IS NULL
				           OR t.last_used_at < now() - :resolution * interval '1 second' AS stale_use,
				       u.id, u.username, u.temporary_password_expires_at IS NOT NULL AS temporary, r.permissions
				FROM access_token t JOIN access_user u ON u.id = t.user_id JOIN access_role r ON r.id = u.role_id
				WHERE t.key_hash = :hash AND t.expires_at > now() AND u.status = 'active'""")
			.param("hash", hash)
			.param("resolution", USE_RESOLUTION_SECONDS)
			.query((rs,
					n) -> new Found(new Caller(
							new CurrentUser(rs.getLong("id"), rs.getString("username"),
									Set.copyOf(List.of((String[]) rs.getArray("permissions").getArray()))),
							rs.getLong("token_id"), rs.getBoolean("temporary")), rs.getBoolean("stale_use")))
			.optional();
	}

	/**
	 * Slides the token's expiry and notes the use on the token and its user; the
	 * conditions make concurrent instances write once per resolution.
	 */
	void recordUse(Caller caller, double ttlSeconds) {
		int written = this.jdbc
			.sql("UPDATE access_token SET last_used_at = now(), expires_at = now() + :ttl * interval '1 second' "
					+ "WHERE id = :id AND (last_used_at IS NULL OR last_used_at < now() - :resolution * interval '1 second')")
			.param("id", caller.tokenId())
			.param("ttl", ttlSeconds)
			.param("resolution", USE_RESOLUTION_SECONDS)
			.update();
		if (written > 0) {
			this.jdbc
				.sql("UPDATE access_user SET last_access_at = now() WHERE id = :id "
						+ "AND (last_access_at IS NULL OR last_access_at < now() - :resolution * interval '1 second')")
				.param("id", caller.user().id())
				.param("resolution", USE_RESOLUTION_SECONDS)
				.update();
		}
	}

	Optional<Deleted> deleteByHash(String hash) {
		return this.jdbc.sql("DELETE FROM access_token WHERE key_hash = :hash RETURNING id, user_id")
			.param("hash", hash)
			.query((rs, n) -> new Deleted(rs.getLong("id"), rs.getLong("user_id")))
			.optional();
	}

	/** Whether the user had a token of that id (now deleted). */
	boolean deleteOwn(long userId, long tokenId) {
		return this.jdbc.sql("DELETE FROM access_token WHERE id = :id AND user_id = :user")
			.param("id", tokenId)
			.param("user", userId)
			.update() > 0;
	}

	/** How many tokens the user had (all now deleted). */
	int deleteAllOf(long userId) {
		return this.jdbc.sql("DELETE FROM access_token WHERE user_id = :user").param("user", userId).update();
	}

	List<TokenInfo> listOf(long userId, long currentTokenId) {
		return this.jdbc
			.sql("SELECT id, created_at, last_used_at, expires_at FROM access_token "
					+ "WHERE user_id = :user AND expires_at > now() ORDER BY id")
			.param("user", userId)
			.query((rs, n) -> {
				Timestamp lastUsed = rs.getTimestamp("last_used_at");
				return new TokenInfo(rs.getLong("id"), rs.getTimestamp("created_at").toInstant(),
						lastUsed == null ? null : lastUsed.toInstant(), rs.getTimestamp("expires_at").toInstant(),
						rs.getLong("id") == currentTokenId);
			})
			.list();
	}

	/** Deletes expired tokens and sign-in failures older than a day that lock nothing. */
	void pruneExpired() {
		this.jdbc.sql("DELETE FROM access_token WHERE expires_at <= now()").update();
		this.jdbc
			.sql("DELETE FROM access_login_throttle WHERE last_failure_at < now() - interval '1 day' "
					+ "AND (locked_until IS NULL OR locked_until < now())")
			.update();
	}

}
