package db.migration.access;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import br.suite.access.Usernames;

/**
 * Flyway migration {@code access/V2026_11_28_1410}, in Java because the key is computed
 * by {@link Usernames#key} (PostgreSQL's {@code lower()} depends on the database's locale
 * and is not Java's fold): adds {@code access_user.username_key}, fills it for the
 * existing users, makes it unique and drops the old unique index on
 * {@code lower(username)}. A user whose key is taken by an older user (say {@code fİn}
 * next to {@code fin}) or longer than the column gets {@code #<id>}, which no sign-in
 * reaches: the log names them, and an administrator renames them.
 *
 * <p>
 * It lives in {@code db.migration}, Flyway's location, rather than as a Spring bean in
 * {@code access}: Flyway finds it by scanning, so every context resolves it, including
 * the module tests that start another module alone on the shared test database (with a
 * bean, they failed validation: "applied migration not resolved locally").
 */
public class V2026_11_28_1410__access_username_key extends BaseJavaMigration {

	private static final Logger log = LoggerFactory.getLogger(V2026_11_28_1410__access_username_key.class);

	@Override
	public void migrate(Context context) throws Exception {
		Connection connection = context.getConnection();
		try (Statement statement = connection.createStatement()) {
			statement.execute("ALTER TABLE access_user ADD COLUMN username_key varchar(150)");
		}
		Set<String> taken = new HashSet<>();
		try (Statement users = connection.createStatement();
				ResultSet rs = users.executeQuery("SELECT id, username FROM access_user ORDER BY id");
				PreparedStatement update = connection
					.prepareStatement("UPDATE access_user SET username_key = ? WHERE id = ?")) {
			while (rs.next()) {
				long id = rs.getLong("id");
				String key = Usernames.key(rs.getString("username"));
				if (key.length() > Usernames.MAX_KEY_LENGTH || !taken.add(key)) {
					log.warn(
							"User {} ({}) has a username that, normalised, is too long or taken by an older user; "
									+ "it cannot sign in until an administrator renames it",
							id, rs.getString("username"));
					key = "#" + id;
				}
				update.setString(1, key);
				update.setLong(2, id);
				update.addBatch();
			}
			update.executeBatch();
		}
		try (Statement statement = connection.createStatement()) {
			statement.execute("ALTER TABLE access_user ALTER COLUMN username_key SET NOT NULL");
			statement.execute("CREATE UNIQUE INDEX access_user_username_key_unique ON access_user (username_key)");
			statement.execute("DROP INDEX access_user_username_key");
		}
	}

}
