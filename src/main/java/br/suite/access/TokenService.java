package br.suite.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import br.suite.shared.CurrentUser;

/**
 * Issues and checks API tokens. A token is 40 hex characters from {@link SecureRandom}; only its SHA-256
 * is stored. A check is one indexed query, remembered for a few seconds; revoking a token, and any change
 * to users or roles, forgets what was remembered at once.
 */
@Service
class TokenService {

	static final Pattern FORMAT = Pattern.compile("[0-9a-fA-F]{40}");

	private static final long REMEMBER_MILLIS = 5_000;

	private static final long LAST_ACCESS_RESOLUTION_MILLIS = 60_000;

	private final SecureRandom random = new SecureRandom();

	private final JdbcClient jdbc;

	private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

	private final Map<Long, Long> lastAccessWritten = new ConcurrentHashMap<>();

	TokenService(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Returns the new token; this is the only place it ever exists in clear. */
	String issue(long userId) {
		byte[] bytes = new byte[20];
		this.random.nextBytes(bytes);
		String token = HexFormat.of().formatHex(bytes);
		this.jdbc.sql("INSERT INTO access_token (user_id, key_hash, created_at) VALUES (:user, :hash, now())")
			.param("user", userId)
			.param("hash", hash(token))
			.update();
		return token;
	}

	Optional<CurrentUser> authenticate(String token) {
		if (!FORMAT.matcher(token).matches()) {
			return Optional.empty();
		}
		String hash = hash(token.toLowerCase(java.util.Locale.ROOT));
		long now = System.currentTimeMillis();
		Remembered cached = this.remembered.get(hash);
		if (cached != null && cached.until > now) {
			touchLastAccess(cached.user.id(), now);
			return Optional.of(cached.user);
		}
		Optional<CurrentUser> user = this.jdbc
			.sql("SELECT u.id, u.username, r.permissions FROM access_token t JOIN access_user u ON u.id = t.user_id "
					+ "JOIN access_role r ON r.id = u.role_id WHERE t.key_hash = :hash AND u.status = 'active'")
			.param("hash", hash)
			.query((rs, n) -> new CurrentUser(rs.getLong("id"), rs.getString("username"),
					Set.copyOf(List.of((String[]) rs.getArray("permissions").getArray()))))
			.optional();
		user.ifPresentOrElse(u -> {
			this.remembered.put(hash, new Remembered(u, now + REMEMBER_MILLIS));
			touchLastAccess(u.id(), now);
		}, () -> this.remembered.remove(hash));
		return user;
	}

	void revoke(String token) {
		String hash = hash(token.toLowerCase(java.util.Locale.ROOT));
		this.jdbc.sql("DELETE FROM access_token WHERE key_hash = :hash").param("hash", hash).update();
		this.remembered.remove(hash);
	}

	/** Called after any change to users or roles, so permissions and status take effect immediately. */
	void forgetCachedCallers() {
		this.remembered.clear();
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			// A request between now and the commit could remember the old state again: forget once more after.
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					TokenService.this.remembered.clear();
				}
			});
		}
	}

	/** Spring authorities for a caller: its permissions, with {@code *} expanded to the whole catalogue. */
	static Set<String> authorities(CurrentUser user) {
		if (!user.permissions().contains(Permissions.ALL)) {
			return user.permissions();
		}
		Set<String> all = new LinkedHashSet<>(Permissions.CATALOGUE.keySet());
		all.add(Permissions.ALL);
		return all;
	}

	private void touchLastAccess(long userId, long now) {
		Long written = this.lastAccessWritten.get(userId);
		if (written != null && now - written < LAST_ACCESS_RESOLUTION_MILLIS) {
			return;
		}
		this.lastAccessWritten.put(userId, now);
		this.jdbc.sql("UPDATE access_user SET last_access_at = now() WHERE id = :id "
				+ "AND (last_access_at IS NULL OR last_access_at < now() - interval '1 minute')")
			.param("id", userId)
			.update();
	}

	static String hash(String token) {
		try {
			MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
			return HexFormat.of().formatHex(sha256.digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

	private record Remembered(CurrentUser user, long until) {
	}

	static @Nullable String tokenFrom(@Nullable String authorizationHeader) {
		if (authorizationHeader == null) {
			return null;
		}
		String value = authorizationHeader.trim();
		int space = value.indexOf(' ');
		if (space < 0 || !value.substring(0, space).equalsIgnoreCase("Token")) {
			return "";
		}
		return value.substring(space + 1).trim();
	}

}
