package br.suite.platform;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One pooled {@link DataSource}: the external PostgreSQL named by the settings, or an
 * embedded PostgreSQL 17 whose data survives restarts ({@link EmbeddedPostgresServer}).
 * Every wait on an unavailable database is bounded (see {@link DatabaseSettings}), so an
 * unreachable or stalled server costs a request at most about two seconds before it is
 * answered 503, while long statements on a working server run.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Logger log = LoggerFactory.getLogger(DatabaseConfiguration.class);

	/**
	 * How long a connection is borrowed before the watchdog starts asking whether the
	 * server answers.
	 */
	private static final Duration STALL_CHECK_AFTER = Duration.ofMillis(500);

	@Bean(destroyMethod = "close")
	DatabaseServer databaseServer(DatabaseSettings settings, ApplicationEventPublisher events) throws IOException {
		if (settings.external()) {
			log.info("Using the external PostgreSQL at {}",
					settings.url().replaceAll("(?i)password=[^&]*", "password=…"));
			return new DatabaseServer(null, settings.url(), settings.user(), settings.password());
		}
		if (settings.attachToRunningEmbedded()) {
			Optional<String> running = EmbeddedPostgresServer.runningElsewhere(settings.embeddedDirectory());
			if (running.isPresent()) {
				log.info("Using the embedded PostgreSQL the running service keeps in {}",
						settings.embeddedDirectory().toAbsolutePath());
				return new DatabaseServer(null, running.get(), EmbeddedPostgresServer.SUPERUSER,
						EmbeddedPostgresServer.password(settings.embeddedDirectory()));
			}
		}
		log.info("Starting the embedded PostgreSQL with its data in {}", settings.embeddedDirectory().toAbsolutePath());
		EmbeddedPostgresServer embedded = EmbeddedPostgresServer.start(settings.embeddedDirectory(),
				settings.embeddedPort(), settings.embeddedSettings());
		// Started again when it dies; liveness DOWN if it cannot be (docs/operations.md).
		embedded.supervise(settings.embeddedRestartTimeout(), healthy -> AvailabilityChangeEvent.publish(events,
				embedded, healthy ? LivenessState.CORRECT : LivenessState.BROKEN));
		return new DatabaseServer(embedded, embedded.jdbcUrl(), EmbeddedPostgresServer.SUPERUSER, embedded.password());
	}

	@Bean(destroyMethod = "close")
	HikariDataSource dataSource(DatabaseServer server, DatabaseSettings settings) {
		long connectSeconds = Math.max(1, settings.connectionTimeout().toSeconds());
		StalledDatabaseWatchdog watchdog = new StalledDatabaseWatchdog(() -> {
			Properties properties = new Properties();
			if (server.user() != null) {
				properties.setProperty("user", server.user());
			}
			if (server.password() != null) {
				properties.setProperty("password", server.password());
			}
			properties.setProperty("connectTimeout", Long.toString(connectSeconds));
			properties.setProperty("loginTimeout", Long.toString(connectSeconds));
			properties.setProperty("ApplicationName", "suite-watchdog");
			return DriverManager.getConnection(server.jdbcUrl(), properties);
		}, STALL_CHECK_AFTER, settings.stallTimeout());
		HikariDataSource pool = new WatchedDataSource(watchdog, (int) settings.readTimeout().toMillis());
		pool.setPoolName("suite");
		pool.setMaximumPoolSize(settings.poolSize());
		pool.setConnectionTimeout(settings.connectionTimeout().toMillis());
		pool.setValidationTimeout(settings.validationTimeout().toMillis());
		pool.setJdbcUrl(server.jdbcUrl());
		pool.setUsername(server.user());
		pool.setPassword(server.password());
		// A new connection to a server that accepts TCP but never answers gives up as
		// soon as a borrower would.
		pool.addDataSourceProperty("connectTimeout", connectSeconds);
		pool.addDataSourceProperty("loginTimeout", connectSeconds);
		return pool;
	}

	/**
	 * The pool, with every borrowed connection known to the
	 * {@link StalledDatabaseWatchdog} until it is returned, and given the last-resort
	 * read time-out in milliseconds (pgjdbc's {@code socketTimeout} counts whole
	 * seconds); the pool resets the time-out when the connection comes back.
	 */
	static final class WatchedDataSource extends HikariDataSource {

		private final StalledDatabaseWatchdog watchdog;

		private final int readTimeoutMillis;

		WatchedDataSource(StalledDatabaseWatchdog watchdog, int readTimeoutMillis) {
			this.watchdog = watchdog;
			this.readTimeoutMillis = readTimeoutMillis;
		}

		@Override
		public Connection getConnection() throws SQLException {
			Connection connection = super.getConnection();
			try {
				if (this.readTimeoutMillis > 0) {
					connection.setNetworkTimeout(Runnable::run, this.readTimeoutMillis);
				}
			}
			catch (SQLException ex) {
				connection.close();
				throw ex;
			}
			this.watchdog.borrowed(connection);
			return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
					new Class<?>[] { Connection.class }, (proxy, method, arguments) -> {
						switch (method.getName()) {
							case "equals" -> {
								return proxy == arguments[0];
							}
							case "hashCode" -> {
								return System.identityHashCode(proxy);
							}
							case "close" -> this.watchdog.returned(connection);
							default -> {
							}
						}
						try {
							return method.invoke(connection, arguments);
						}
						catch (InvocationTargetException ex) {
							throw ex.getCause();
						}
					});
		}

		@Override
		public void close() {
			this.watchdog.close();
			super.close();
		}

	}

	/**
	 * The server behind the pool; closed after the pool because the pool depends on it.
	 */
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
