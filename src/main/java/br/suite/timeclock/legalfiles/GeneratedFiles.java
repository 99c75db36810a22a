package br.suite.timeclock.legalfiles;

import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

import br.suite.shared.CurrentUser;

/**
 * The AFDs and AEJs this server generated (their tables {@code timeclock_afd_generation}
 * and {@code timeclock_aej_generation}): a generation time a client sends back is
 * accepted only when this server gave it out for the same establishment and parameters,
 * so the same bytes can be written again for the detached signature.
 */
@Component
class GeneratedFiles {

	/** Which file, and the table that remembers its generations. */
	enum Kind {

		AFD("timeclock_afd_generation"), AEJ("timeclock_aej_generation");

		private final String table;

		Kind(String table) {
			this.table = table;
		}

	}

	/** A generation's parameters: the period's ends may be open (AFD). */
	record Parameters(long establishmentId, @Nullable LocalDate from, @Nullable LocalDate to, boolean allowIncomplete) {
	}

	private final JdbcClient jdbc;

	GeneratedFiles(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The SHA-256 of each file generated at {@code at} with these parameters. */
	List<String> issued(Kind kind, Parameters parameters, Instant at) {
		return this.jdbc
			.sql("SELECT sha256 FROM " + kind.table + " WHERE establishment_id = :id "
					+ "AND generated_at = :at AND date_from IS NOT DISTINCT FROM :from "
					+ "AND date_to IS NOT DISTINCT FROM :to AND allow_incomplete = :allow")
			.param("id", parameters.establishmentId())
			.param("at", Timestamp.from(at))
			.param("from", parameters.from(), Types.DATE)
			.param("to", parameters.to(), Types.DATE)
			.param("allow", parameters.allowIncomplete())
			.query(String.class)
			.list();
	}

	/**
	 * Remembers a file generated now, by the signed-in caller (none for a system run).
	 */
	void record(Kind kind, Parameters parameters, Instant generated, String sha256) {
		this.jdbc
			.sql("INSERT INTO " + kind.table + " (establishment_id, date_from, date_to, allow_incomplete, "
					+ "generated_at, sha256, generated_by) VALUES (:id, :from, :to, :allow, :at, :sha256, :by)")
			.param("id", parameters.establishmentId())
			.param("from", parameters.from(), Types.DATE)
			.param("to", parameters.to(), Types.DATE)
			.param("allow", parameters.allowIncomplete())
			.param("at", Timestamp.from(generated))
			.param("sha256", sha256)
			.param("by", caller())
			.update();
	}

	private static @Nullable Long caller() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		return authentication != null && authentication.getPrincipal() instanceof CurrentUser user ? user.id() : null;
	}

}
