package br.suite;

import java.io.IOException;
import java.nio.file.Files;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One pooled {@link DataSource}: the external PostgreSQL named by the settings, or an embedded
 * PostgreSQL 17 whose data survives restarts.
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
		Files.createDirectories(settings.embeddedDirectory());
		log.info("Starting the embedded PostgreSQL with its data in {}",
				settings.embeddedDirectory().toAbsolutePath());
		EmbeddedPostgres embedded = EmbeddedPostgres.builder()
			.setDataDirectory(settings.embeddedDirectory())
			.setCleanDataDirectory(false)
			// Stopped by this context after the pool that depends on it, not by a JVM hook racing shutdown.
			.setRegisterShutdownHook(false)
			.start();
		return new DatabaseServer(embedded, embedded.getJdbcUrl("postgres", "postgres"), "postgres", null);
	}

	@Bean(destroyMethod = "close")
	HikariDataSource dataSource(DatabaseServer server, DatabaseSettings settings) {
		HikariDataSource pool = new HikariDataSource();
		pool.setPoolName("suite");
		pool.setMaximumPoolSize(settings.poolSize());
		pool.setConnectionTimeout(settings.connectionTimeout().toMillis());
		pool.setJdbcUrl(server.jdbcUrl());
		pool.setUsername(server.user());
		pool.setPassword(server.password());
		return pool;
	}

	/** The server behind the pool; closed after the pool because the pool depends on it. */
	record DatabaseServer(@Nullable EmbeddedPostgres embedded, String jdbcUrl, @Nullable String user,
			@Nullable String password) implements AutoCloseable {

		@Override
		public void close() throws IOException {
			if (this.embedded != null) {
				this.embedded.close();
			}
		}

	}

}
