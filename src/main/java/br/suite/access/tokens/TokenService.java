package br.suite.access.tokens;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import br.suite.access.AccessSettings;
import br.suite.access.Permissions;
import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.shared.CurrentUser;
import br.suite.shared.crypto.Sha256;

/**
 * Issues and checks API tokens. A token is 40 hex characters from {@link SecureRandom};
 * only its SHA-256 is stored, with when it was issued, last used and expires
 * ({@code suite.access.token-ttl} after its last use). A check is one indexed query; its
 * answer is remembered in a bounded cache for at most
 * {@code suite.access.token-cache-ttl} (1 s), so a revocation made on another instance is
 * honoured here within that time, and at once on this instance. A refused token (unknown,
 * expired, revoked, or of a user not active) is remembered as refused for the same time
 * in a second cache of the same bound, so a client repeating a wrong token costs no
 * query; any change to users or roles forgets both.
 */
@Service
public class TokenService {

	static final Pattern FORMAT = Pattern.compile("[0-9a-fA-F]{40}");

	private final SecureRandom random = new SecureRandom();

	private final TokenRepository tokens;

	private final double ttlSeconds;

	private final Cache<String, Caller> remembered;

	/**
	 * Hashes of tokens refused within the cache time; bounded, so random tokens cannot
	 * grow it.
	 */
	private final Cache<String, Boolean> refused;

	private final AuditLog audit;

	private final ObjectProvider<UserSessions> sessions;

	TokenService(TokenRepository tokens, AccessSettings settings, AuditLog audit,
			ObjectProvider<UserSessions> sessions) {
		this.tokens = tokens;
		this.sessions = sessions;
		this.audit = audit;
		this.ttlSeconds = settings.tokenTtl().toMillis() / 1000.0;
		this.remembered = Caffeine.newBuilder()
			.maximumSize(settings.tokenCacheSize())
			.expireAfterWrite(settings.tokenCacheTtl())
			.build();
		this.refused = Caffeine.newBuilder()
			.maximumSize(settings.tokenCacheSize())
			.expireAfterWrite(settings.tokenCacheTtl())
			.build();
	}

	/**
	 * An authenticated caller: who, through which token, and whether a password change
	 * must come first.
	 */
	record Caller(CurrentUser user, long tokenId, boolean passwordChangeRequired) {
	}

	/** A token as its owner sees it: never the secret nor its hash. */
	public record TokenInfo(long id, Instant createdAt, @Nullable Instant lastUsedAt, Instant expiresAt,
			boolean current) {
	}

	/**
	 * Returns the new token; this is the only place it ever exists in clear. The audit
	 * event (by the given actor) names the token's id, never the token.
	 */
	@Transactional
	public String issue(long userId, AuditLog.Actor actor) {
		byte[] bytes = new byte[20];
		this.random.nextBytes(bytes);
		String token = HexFormat.of().formatHex(bytes);
		this.refused.invalidate(hash(token));
		long id = this.tokens.insert(userId, hash(token), this.ttlSeconds);
		this.audit.record(actor, "access.token.issued", "token", id, Changes.of().created("user_id", userId));
		return token;
	}

	Optional<Caller> authenticate(String token) {
		if (!FORMAT.matcher(token).matches()) {
			return Optional.empty();
		}
		String hash = hash(token.toLowerCase(Locale.ROOT));
		if (this.refused.getIfPresent(hash) != null) {
			return Optional.empty();
		}
		// Concurrent requests with the same token wait for one check instead of each
		// querying.
		Caller caller = this.remembered.get(hash, this::check);
		if (caller == null) {
			this.refused.put(hash, Boolean.TRUE);
		}
		return Optional.ofNullable(caller);
	}

	/**
	 * The caller the token (by hash) belongs to, or null: unknown, expired, revoked or
	 * user not active.
	 */
	private @Nullable Caller check(String hash) {
		Optional<TokenRepository.Found> found = this.tokens.find(hash);
		found.filter(TokenRepository.Found::staleUse)
			.ifPresent(f -> this.tokens.recordUse(f.caller(), this.ttlSeconds));
		return found.map(TokenRepository.Found::caller).orElse(null);
	}

	@Transactional
	public void revoke(String token) {
		String hash = hash(token.toLowerCase(Locale.ROOT));
		this.tokens.deleteByHash(hash)
			.ifPresent(revoked -> this.audit.record("access.token.revoked", "token", revoked.id(),
					Changes.of().put("user_id", revoked.userId(), revoked.userId())));
		this.remembered.invalidate(hash);
	}

	/**
	 * Revokes one of the user's own tokens; false when the user has no token with that
	 * id.
	 */
	@Transactional
	public boolean revokeOwn(long userId, long tokenId) {
		boolean deleted = this.tokens.deleteOwn(userId, tokenId);
		if (deleted) {
			this.audit.record("access.token.revoked", "token", tokenId, Changes.of().put("user_id", userId, userId));
		}
		forget(caller -> caller.tokenId() == tokenId);
		return deleted;
	}

	/**
	 * Revokes every token of the user, in the caller's transaction: password changes and
	 * resets, deactivation, blocking and role changes call it. Every page session of the
	 * user ends too, once the transaction commits ({@link UserSessions}).
	 */
	public void revokeAllOf(long userId) {
		revokeAllOf(userId, false);
	}

	/**
	 * As {@link #revokeAllOf(long)}; {@code keepCurrentSession} keeps the page session of
	 * this request (a user changing their own password on a page).
	 */
	public void revokeAllOf(long userId, boolean keepCurrentSession) {
		endSessionsAfterCommit(userId, keepCurrentSession);
		int revoked = this.tokens.deleteAllOf(userId);
		if (revoked > 0) {
			this.audit.record("access.tokens.revoked", "user", userId, Changes.of().put("tokens", revoked, 0));
		}
		forget(caller -> caller.user().id() == userId);
	}

	private void endSessionsAfterCommit(long userId, boolean keepCurrentSession) {
		UserSessions port = this.sessions.getIfAvailable();
		if (port == null) {
			return;
		}
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					port.endAll(userId, keepCurrentSession);
				}
			});
		}
		else {
			port.endAll(userId, keepCurrentSession);
		}
	}

	public List<TokenInfo> listOf(long userId, long currentTokenId) {
		return this.tokens.listOf(userId, currentTokenId);
	}

	/**
	 * Deletes expired tokens and forgotten sign-in failures; with several instances on
	 * one database, only one of them runs it per interval (ShedLock).
	 */
	@Scheduled(fixedDelayString = "${suite.access.prune-interval:PT1H}",
			initialDelayString = "${suite.access.prune-interval:PT1H}")
	@SchedulerLock(name = "access.token-pruning", lockAtMostFor = "PT30M",
			lockAtLeastFor = "${suite.scheduling.lock-at-least-for:PT5M}")
	public void pruneExpired() {
		this.tokens.pruneExpired();
	}

	/**
	 * Called after any change to users or roles, so permissions and status take effect
	 * immediately.
	 */
	public void forgetCachedCallers() {
		forget(caller -> true);
	}

	private void forget(Predicate<Caller> which) {
		this.remembered.asMap().values().removeIf(which);
		// A token refused a moment ago may belong to a user this change re-activated.
		this.refused.invalidateAll();
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			// A request between now and the commit could remember the old state again:
			// forget once more after.
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					TokenService.this.remembered.asMap().values().removeIf(which);
					TokenService.this.refused.invalidateAll();
				}
			});
		}
	}

	/**
	 * Spring authorities for a caller: its permissions, with {@code *} expanded to the
	 * whole catalogue.
	 */
	public static Set<String> authorities(CurrentUser user) {
		if (!user.permissions().contains(Permissions.ALL)) {
			return user.permissions();
		}
		Set<String> all = new LinkedHashSet<>(Permissions.CATALOGUE.keySet());
		all.add(Permissions.ALL);
		return all;
	}

	public static String hash(String token) {
		return Sha256.hex(token);
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
