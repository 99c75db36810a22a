package br.suite.platform;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a stalled database from a busy one. A statement waiting for its answer looks the
 * same on the socket in both cases, so a read time-out short enough to catch a stall
 * would also break off long statements that are working (a 50 000-row import's upserts, a
 * wait for another import's lock). Instead, while any connection has been borrowed for
 * longer than {@code checkAfter}, this asks the server {@code SELECT 1} on a connection
 * of its own, every 250 ms: when that gets no answer within {@code pingTimeout}, the
 * server is stalled or gone, and every connection borrowed for longer than
 * {@code checkAfter} is aborted, so the requests waiting on them fail at once (503)
 * instead of hanging.
 */
final class StalledDatabaseWatchdog implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(StalledDatabaseWatchdog.class);

	private static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(5);

	/** Opens the watchdog's own connection to the database. */
	interface Connector {

		Connection connect() throws SQLException;

	}

	private final Map<Connection, Long> borrowed = new ConcurrentHashMap<>();

	private final Connector connector;

	private final long checkAfterNanos;

	private final int pingTimeoutMillis;

	private final ScheduledExecutorService timer;

	private @Nullable Connection ping;

	private long lastAnswerNanos;

	StalledDatabaseWatchdog(Connector connector, Duration checkAfter, Duration pingTimeout) {
		this.connector = connector;
		this.checkAfterNanos = checkAfter.toNanos();
		this.pingTimeoutMillis = (int) pingTimeout.toMillis();
		this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "database-watchdog");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.scheduleWithFixedDelay(this::check, 250, 250, TimeUnit.MILLISECONDS);
	}

	void borrowed(Connection connection) {
		this.borrowed.put(connection, System.nanoTime());
	}

	void returned(Connection connection) {
		this.borrowed.remove(connection);
	}

	private void check() {
		try {
			long now = System.nanoTime();
			List<Connection> waiting = this.borrowed.entrySet()
				.stream()
				.filter(entry -> now - entry.getValue() > this.checkAfterNanos)
				.map(Map.Entry::getKey)
				.toList();
			if (waiting.isEmpty()) {
				if (now - this.lastAnswerNanos > KEEP_ALIVE_NANOS) {
					// Keeps the watchdog's connection open and known good, so a stall is
					// not mistaken for a
					// connection that went stale while idle, and is not detected late by
					// a reconnect.
					answers();
				}
				return;
			}
			if (answers()) {
				return;
			}
			log.warn("The database did not answer within {} ms: breaking off {} connection(s) waiting on it",
					this.pingTimeoutMillis, waiting.size());
			for (Connection connection : waiting) {
				if (this.borrowed.remove(connection) != null) {
					try {
						connection.abort(Runnable::run);
					}
					catch (SQLException | RuntimeException ex) {
						log.debug("Could not abort a connection", ex);
					}
				}
			}
		}
		catch (RuntimeException ex) {
			log.warn("The database watchdog's check failed", ex);
		}
	}

	private boolean answers() {
		try {
			if (this.ping == null) {
				this.ping = this.connector.connect();
			}
			this.ping.setNetworkTimeout(Runnable::run, this.pingTimeoutMillis);
			try (Statement statement = this.ping.createStatement()) {
				statement.execute("SELECT 1");
			}
			this.lastAnswerNanos = System.nanoTime();
			return true;
		}
		catch (SQLException ex) {
			closePing();
			return false;
		}
	}

	private void closePing() {
		if (this.ping != null) {
			try {
				this.ping.abort(Runnable::run);
			}
			catch (SQLException | RuntimeException ignored) {
				// Broken already.
			}
			this.ping = null;
		}
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
		try {
			this.timer.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		closePing();
	}

}
