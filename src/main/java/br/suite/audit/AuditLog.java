package br.suite.audit;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import br.suite.shared.CurrentUser;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records audit events. Call {@link #record} inside the transaction of the change, as its
 * last statement: the event joins that transaction (or starts its own when there is none,
 * as for sign-in), so there is no change without its event and no event without its
 * change. The caller, token, client address and request id come from the current request;
 * {@code changes} maps each changed field to its value before and after, and must never
 * hold secrets, password hashes, tokens or image bytes (such field names are refused).
 */
@Service
public class AuditLog {

	/**
	 * The request attribute holding the id of the token the request came with (set by the
	 * access module).
	 */
	public static final String TOKEN_ID_ATTRIBUTE = "br.suite.audit.token_id";

	/** The request attribute holding the request id (set by {@link RequestIds}). */
	static final String REQUEST_ID_ATTRIBUTE = "br.suite.audit.request_id";

	/**
	 * Field names that could carry a secret or biometric data: a programming error to
	 * audit them.
	 */
	private static final Set<String> FORBIDDEN = Set.of("password", "password_hash", "token", "key_hash", "secret",
			"api_key", "client_secret", "photo", "snapshot", "image", "descriptor");

	private final JdbcClient jdbc;

	private final JsonMapper json;

	AuditLog(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	/** Who acted: a user (id and username) or a service (no id). */
	public record Actor(@Nullable Long id, String name) {

		public static Actor user(long id, String username) {
			return new Actor(id, username);
		}

		public static Actor service(String name) {
			return new Actor(null, name);
		}

	}

	/**
	 * A field's value before and after the change (null for created or removed values).
	 */
	public record Change(@Nullable Object before, @Nullable Object after) {
	}

	/** The changed fields of one event, in the order added. */
	public static final class Changes {

		private final Map<String, Change> fields = new LinkedHashMap<>();

		public static Changes of() {
			return new Changes();
		}

		/** Adds the field when its value changed. */
		public Changes diff(String field, @Nullable Object before, @Nullable Object after) {
			if (!Objects.equals(before, after)) {
				this.fields.put(field, new Change(before, after));
			}
			return this;
		}

		/** Adds the field whatever its values. */
		public Changes put(String field, @Nullable Object before, @Nullable Object after) {
			this.fields.put(field, new Change(before, after));
			return this;
		}

		/** A value set by creation. */
		public Changes created(String field, @Nullable Object after) {
			return put(field, null, after);
		}

		/**
		 * The fields whose value differs between two snapshots of a record (field name to
		 * value).
		 */
		public static Changes between(Map<String, ? extends @Nullable Object> before,
				Map<String, ? extends @Nullable Object> after) {
			Changes changes = new Changes();
			after.forEach((field, value) -> changes.diff(field, before.get(field), value));
			before.keySet()
				.stream()
				.filter(field -> !after.containsKey(field))
				.forEach(field -> changes.put(field, before.get(field), null));
			return changes;
		}

		/** Every field of a created record. */
		public static Changes created(Map<String, ? extends @Nullable Object> after) {
			return between(Map.of(), after);
		}

		/** Every field of a removed record. */
		public static Changes removed(Map<String, ? extends @Nullable Object> before) {
			Changes changes = new Changes();
			before.forEach((field, value) -> changes.put(field, value, null));
			return changes;
		}

		/**
		 * Shows the field's values (when present) only through the mask: for personal
		 * data (LGPD), the event says the field changed without holding it in clear. Call
		 * it after the values were compared, so a change the mask hides is still
		 * recorded.
		 */
		public Changes mask(String field, Function<String, @Nullable String> mask) {
			Change change = this.fields.get(field);
			if (change != null) {
				this.fields.put(field, new Change(masked(change.before(), mask), masked(change.after(), mask)));
			}
			return this;
		}

		private static @Nullable Object masked(@Nullable Object value, Function<String, @Nullable String> mask) {
			return value == null ? null : mask.apply(value.toString());
		}

		/** The changed fields' names, in the order added. */
		public Set<String> fieldNames() {
			return Collections.unmodifiableSet(this.fields.keySet());
		}

		public boolean isEmpty() {
			return this.fields.isEmpty();
		}

		Map<String, Change> fields() {
			return Collections.unmodifiableMap(this.fields);
		}

	}

	/**
	 * Records an event by the authenticated caller of this request (or "anonymous" when
	 * there is none).
	 */
	@Transactional
	public void record(String action, String resourceType, @Nullable Object resourceId, Changes changes) {
		record(currentActor(), action, resourceType, resourceId, changes);
	}

	/**
	 * Records an event by the given actor (sign-in, where nobody is authenticated yet;
	 * scheduled jobs).
	 */
	@Transactional
	public void record(Actor actor, String action, String resourceType, @Nullable Object resourceId, Changes changes) {
		changes.fields().keySet().forEach(field -> {
			if (FORBIDDEN.contains(field.toLowerCase(Locale.ROOT))) {
				throw new IllegalArgumentException("Audit events never hold " + field);
			}
		});
		HttpServletRequest request = currentRequest();
		Long tokenId = request == null ? null : (Long) request.getAttribute(TOKEN_ID_ATTRIBUTE);
		String clientAddress = request == null ? null : request.getRemoteAddr();
		String requestId = request == null ? null : (String) request.getAttribute(REQUEST_ID_ATTRIBUTE);
		String changesJson = this.json.writeValueAsString(changes.fields());
		// No lock: the event is appended unchained (its id from a sequence, its
		// transaction's id by default); AuditSequencer chains it once its transaction
		// has ended.
		this.jdbc.sql("""
				INSERT INTO audit_event (at, actor_id, actor_name, token_id, client_address, request_id, action,
				    resource_type, resource_id, changes)
				VALUES (:at, :actorId, :actorName, :tokenId, :client, :requestId, :action, :resourceType, :resourceId,
				    CAST(:changes AS jsonb))""")
			.param("at", Timestamp.from(Instant.now().truncatedTo(ChronoUnit.MICROS)))
			.param("actorId", actor.id())
			.param("actorName", truncate(actor.name(), 200))
			.param("tokenId", tokenId)
			.param("client", clientAddress)
			.param("requestId", requestId)
			.param("action", action)
			.param("resourceType", resourceType)
			.param("resourceId", resourceId == null ? null : truncate(resourceId.toString(), 200))
			.param("changes", changesJson)
			.update();
	}

	/**
	 * The canonical content of an event: a JSON array of its fields, changes as
	 * PostgreSQL renders the jsonb.
	 */
	String canonical(String previousHash, long id, Instant at, @Nullable Long actorId, String actorName,
			@Nullable Long tokenId, @Nullable String clientAddress, @Nullable String requestId, String action,
			String resourceType, @Nullable String resourceId, String changesText) {
		long micros = ChronoUnit.MICROS.between(Instant.EPOCH, at);
		List<@Nullable Object> fields = Arrays.asList(previousHash, id, micros, actorId, actorName, tokenId,
				clientAddress, requestId, action, resourceType, resourceId, changesText);
		return this.json.writeValueAsString(fields);
	}

	static String hash(String canonical) {
		return Sha256.hex(canonical);
	}

	private static Actor currentActor() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CurrentUser user) {
			return Actor.user(user.id(), user.username());
		}
		return Actor.service("anonymous");
	}

	private static @Nullable HttpServletRequest currentRequest() {
		return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
				? attributes.getRequest() : null;
	}

	private static String truncate(String value, int max) {
		return value.length() <= max ? value : value.substring(0, max);
	}

}
