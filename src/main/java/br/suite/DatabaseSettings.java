package br.suite;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the data lives: an external PostgreSQL when {@code SUITE_DATABASE_URL} is set (a JDBC URL, with
 * {@code SUITE_DATABASE_USER} / {@code SUITE_DATABASE_PASSWORD}), otherwise an embedded PostgreSQL
 * started in-process with its files under {@code embedded-directory}.
 */
@ConfigurationProperties("suite.database")
record DatabaseSettings(@Nullable String url, @Nullable String user, @Nullable String password,
		@DefaultValue("data/postgres") Path embeddedDirectory, @DefaultValue("10") int poolSize,
		@DefaultValue("10s") Duration connectionTimeout) {

	boolean external() {
		return this.url != null && !this.url.isBlank();
	}

}
