package br.suite.platform;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Before the migrations run at start: a database (embedded or external) whose encoding is
 * not UTF8 is refused with a message saying so, since Suite stores text verbatim
 * (accents, emoji) and compares it case-insensitively; one whose character classification
 * is not Unicode-aware (an {@code LC_CTYPE} of {@code C} with the libc provider, where
 * {@code lower('Ç')} stays {@code 'Ç'}) is accepted with a warning, as searches with
 * accented capitals will then miss.
 */
@Component
class DatabaseEncodingCheck implements Callback {

	private static final Logger log = LoggerFactory.getLogger(DatabaseEncodingCheck.class);

	@Override
	public boolean supports(Event event, Context context) {
		return event == Event.BEFORE_MIGRATE;
	}

	@Override
	public boolean canHandleInTransaction(Event event, Context context) {
		return true;
	}

	@Override
	public void handle(Event event, Context context) {
		try (Statement statement = context.getConnection().createStatement();
				ResultSet row = statement.executeQuery("SELECT current_database(), pg_encoding_to_char(encoding), "
						+ "datctype, lower('INSTRUÇÃO') = 'instrução' FROM pg_database "
						+ "WHERE datname = current_database()")) {
			if (!row.next()) {
				return;
			}
			String database = row.getString(1);
			String encoding = row.getString(2);
			if (!"UTF8".equals(encoding)) {
				String message = "The database " + database + " has the encoding " + encoding
						+ "; Suite needs UTF8. Create it with CREATE DATABASE " + database
						+ " ENCODING 'UTF8' TEMPLATE template0 (docs/operations.md) and start again.";
				log.error(message);
				throw new IllegalStateException(message);
			}
			if (!row.getBoolean(4)) {
				log.warn("The database {} (LC_CTYPE {}) does not fold accented capitals: searches such as "
						+ "'INSTRUÇÃO' will not find 'Instrução'. Create it with LC_CTYPE 'C.UTF-8' (or the "
						+ "builtin C.UTF-8 locale of PostgreSQL 17)", database, row.getString(3));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not read the database's encoding", ex);
		}
	}

	@Override
	public String getCallbackName() {
		return "suite-database-encoding";
	}

}
