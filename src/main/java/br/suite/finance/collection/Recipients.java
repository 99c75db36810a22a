package br.suite.finance.collection;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The addresses the régua de cobrança writes to ({@code finance_collection_recipient}):
 * one unsubscribe token per address (lower case), and whether it opted out.
 */
@Component
class Recipients {

	private final JdbcClient jdbc;

	Recipients(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	static String normal(String email) {
		return email.strip().toLowerCase(Locale.ROOT);
	}

	/** Makes sure each address has its token, in the caller's transaction. */
	void ensure(Collection<String> emails) {
		Set<String> normal = emails.stream().map(Recipients::normal).collect(Collectors.toSet());
		if (normal.isEmpty()) {
			return;
		}
		this.jdbc
			.sql("INSERT INTO finance_collection_recipient (email) SELECT unnest(CAST(:emails AS text[])) "
					+ "ON CONFLICT (email) DO NOTHING")
			.param("emails", array(normal))
			.update();
	}

	/** Those of the addresses that opted out (lower case). */
	Set<String> optedOut(Collection<String> emails) {
		Set<String> normal = emails.stream().map(Recipients::normal).collect(Collectors.toSet());
		if (normal.isEmpty()) {
			return Set.of();
		}
		return Set.copyOf(this.jdbc
			.sql("SELECT email FROM finance_collection_recipient WHERE email = ANY (CAST(:emails AS text[])) "
					+ "AND opted_out_at IS NOT NULL")
			.param("emails", array(normal))
			.query(String.class)
			.list());
	}

	boolean optedOut(String email) {
		return !optedOut(List.of(email)).isEmpty();
	}

	String token(String email) {
		ensure(List.of(email));
		return this.jdbc.sql("SELECT token FROM finance_collection_recipient WHERE email = ?")
			.param(normal(email))
			.query(String.class)
			.single();
	}

	/** The address of a token, when it is one. */
	Optional<String> byToken(String token) {
		return this.jdbc.sql("SELECT email FROM finance_collection_recipient WHERE token = ?")
			.param(token)
			.query(String.class)
			.optional();
	}

	/**
	 * Opts the token's address out (once: a second time changes nothing); whether it is a
	 * token.
	 */
	boolean optOut(String token) {
		return this.jdbc
			.sql("UPDATE finance_collection_recipient SET opted_out_at = coalesce(opted_out_at, now()) WHERE token = ?")
			.param(token)
			.update() == 1;
	}

	/** PostgreSQL's array literal of the texts (quoted). */
	static String array(Collection<String> texts) {
		return texts.stream()
			.map(text -> "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
			.collect(Collectors.joining(",", "{", "}"));
	}

}
