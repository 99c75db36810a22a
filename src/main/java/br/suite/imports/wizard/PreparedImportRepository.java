package br.suite.imports.wizard;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Imports prepared by the web wizard and not yet confirmed ({@code imports_prepared}):
 * the preparation as JSON, readable only by the user who prepared it.
 */
@Repository
class PreparedImportRepository {

	private final JdbcClient jdbc;

	PreparedImportRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void insert(UUID id, long userId, String preparation) {
		this.jdbc.sql("""
				INSERT INTO imports_prepared (id, user_id, preparation, created_at)
				VALUES (?, ?, ?::jsonb, ?)""")
			.params(id, userId, preparation, Instant.now().truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC))
			.update();
	}

	Optional<String> find(UUID id, long userId) {
		return this.jdbc.sql("SELECT preparation::text FROM imports_prepared WHERE id = ? AND user_id = ?")
			.params(id, userId)
			.query(String.class)
			.optional();
	}

	void delete(UUID id, long userId) {
		this.jdbc.sql("DELETE FROM imports_prepared WHERE id = ? AND user_id = ?").params(id, userId).update();
	}

	/** Deletes the imports prepared before {@code instant} and never confirmed. */
	int deleteCreatedBefore(Instant instant) {
		return this.jdbc.sql("DELETE FROM imports_prepared WHERE created_at < ?")
			.params(instant.atOffset(ZoneOffset.UTC))
			.update();
	}

}
