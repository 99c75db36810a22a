package br.suite.platform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the data lives: an external PostgreSQL when {@code SUITE_DATABASE_URL} is set (a
 * JDBC URL, with {@code SUITE_DATABASE_USER} / {@code SUITE_DATABASE_PASSWORD}),
 * otherwise an embedded PostgreSQL started in-process with its files under
 * {@code embedded-directory} (on {@code embedded-port}, a free port when 0).
 * <p>
 * How long a request waits for an unavailable database before it is answered 503: at most
 * {@code connection-timeout} for a pooled connection ({@code validation-timeout} for the
 * pool's and the readiness check's test of one); a statement waiting on a server that
 * stopped answering is broken off once the server has also left a {@code SELECT 1} of the
 * {@link StalledDatabaseWatchdog} unanswered for {@code stall-timeout}, while a statement
 * on a server that answers may run as long as it needs, up to {@code read-timeout} per
 * answer (0 = no limit), a last resort.
 * <p>
 * {@code attach-to-running-embedded} (operator commands): when a running service holds
 * the embedded data directory, connect to its server instead of refusing to start a
 * second one.
 * <p>
 * {@code embedded-settings}: further {@code name=value} server settings for the embedded
 * PostgreSQL (e.g. {@code shared_preload_libraries=pg_stat_statements} for a profile, or
 * a larger {@code shared_buffers}); the durability and listening settings it always runs
 * with cannot be changed this way.
 * <p>
 * {@code embedded-restart-timeout}: the embedded PostgreSQL is started again when it dies
 * ({@link PostgresSupervisor}); when it is still down this long after, liveness reports
 * DOWN so that a supervisor restarts the service.
 */
@ConfigurationProperties("suite.database")
record DatabaseSettings(@Nullable String url, @Nullable String user, @Nullable String password,
		@DefaultValue("data/postgres") Path embeddedDirectory, @DefaultValue("0") int embeddedPort,
		@DefaultValue("10") int poolSize, @DefaultValue("1s") Duration connectionTimeout,
		@DefaultValue("500ms") Duration validationTimeout, @DefaultValue("750ms") Duration stallTimeout,
		@DefaultValue("60s") Duration readTimeout, @DefaultValue("false") boolean attachToRunningEmbedded,
		@DefaultValue List<String> embeddedSettings, @DefaultValue("60s") Duration embeddedRestartTimeout) {

	boolean external() {
		return this.url != null && !this.url.isBlank();
	}

}
