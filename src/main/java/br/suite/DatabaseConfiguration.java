package br.suite;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executor;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One pooled {@link DataSource}: the external PostgreSQL named by the settings, or an embedded
 * PostgreSQL 17 whose data survives restarts ({@link EmbeddedPostgresServer}). Every wait on the database
 * is bounded (see {@link DatabaseSettings}), so an unreachable or stalled server costs a request at most
 * about two seconds before it is answered 503.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Logger log = LoggerFactory.getLogger(DatabaseConfiguration.class);

	@Bean(destroyMethod = "close")
	DatabaseServer databaseServer(DatabaseSettings settings) throws IOException {
		if (settings.external()) {
			log.info("Using the external PostgreSQL at {}", settings.url().replaceAll("(?i)password=[^&]*", "password=…"));
			return new DatabaseServer(null, settings.url(), settings.user(), settings.password());
		}
		log.info("Starting the embedded PostgreSQL with its data in {}",
				settings.embeddedDirectory().toAbsolutePath());
		EmbeddedPostgresServer embedded = EmbeddedPostgresServer.start(settings.embeddedDirectory(),
				settings.embeddedPort());
		return new DatabaseServer(embedded, embedded.jdbcUrl(), EmbeddedPostgresServer.SUPERUSER,
				embedded.password());
	}

	@Bean(destroyMethod = "close")
	HikariDataSource dataSource(DatabaseServer server, DatabaseSettings settings) {
		HikariDataSource pool = new ReadTimeoutDataSource((int) settings.readTimeout().toMillis());
		pool.setPoolName("suite");
		pool.setMaximumPoolSize(settings.poolSize());
		pool.setConnectionTimeout(settings.connectionTimeout().toMillis());
		pool.setValidationTimeout(settings.validationTimeout().toMillis());
		pool.setJdbcUrl(server.jdbcUrl());
		pool.setUsername(server.user());
		pool.setPassword(server.password());
		// A new connection to a server that accepts TCP but never answers gives up as soon as a borrower would.
		pool.addDataSourceProperty("connectTimeout", Math.max(1, settings.connectionTimeout().toSeconds()));
		pool.addDataSourceProperty("loginTimeout", Math.max(1, settings.connectionTimeout().toSeconds()));
		return pool;
	}

	/**
	 * Gives every borrowed connection a read timeout in milliseconds (pgjdbc's {@code socketTimeout} counts
	 * whole seconds): a statement whose server stops answering fails after {@code readTimeout} instead of
	 * hanging the request. The pool resets the timeout when the connection comes back.
	 */
	static final class ReadTimeoutDataSource extends HikariDataSource {

		private static final Executor DIRECT = Runnable::run;

		private final int readTimeoutMillis;

		ReadTimeoutDataSource(int readTimeoutMillis) {
			this.readTimeoutMillis = readTimeoutMillis;
		}

		@Override
		public Connection getConnection() throws SQLException {
			Connection connection = super.getConnection();
			if (this.readTimeoutMillis > 0) {
				try {
					connection.setNetworkTimeout(DIRECT, this.readTimeoutMillis);
				}
				catch (SQLException ex) {
					connection.close();
					throw ex;
				}
			}
			return connection;
		}

	}

	/** The server behind the pool; closed after the pool because the pool depends on it. */
	record DatabaseServer(@Nullable EmbeddedPostgresServer embedded, String jdbcUrl, @Nullable String user,
			@Nullable String password) implements AutoCloseable {

		@Override
		public void close() throws IOException {
			if (this.embedded != null) {
				this.embedded.close();
			}
		}

	}

}
