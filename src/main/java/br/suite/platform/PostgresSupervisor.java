package br.suite.platform;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the embedded PostgreSQL and starts it again when it dies (a {@code kill -9},
 * the kernel's out-of-memory killer): PostgreSQL recovers from its write-ahead log, and
 * the pool's next connections reach the new server on the same port. Every
 * {@code checkEvery} it asks whether the server runs; when it does not, it restarts it,
 * and keeps trying while that fails. If the server is still down {@code giveUpAfter}
 * after it was found dead, the process is reported broken ({@code healthy.accept(false)}:
 * liveness DOWN), so a supervisor such as systemd or Kubernetes restarts the whole
 * service; it is reported healthy again if a later attempt succeeds.
 */
final class PostgresSupervisor implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(PostgresSupervisor.class);

	/** Restarts the server; true when it runs again. */
	interface Restart {

		boolean restart();

	}

	private final BooleanSupplier running;

	private final Restart restart;

	private final long giveUpAfterNanos;

	private final Consumer<Boolean> healthy;

	private final ScheduledExecutorService timer;

	private final Object turn = new Object();

	private boolean closed;

	private long downSinceNanos;

	private boolean broken;

	PostgresSupervisor(BooleanSupplier running, Restart restart, Duration checkEvery, Duration giveUpAfter,
			Consumer<Boolean> healthy) {
		this.running = running;
		this.restart = restart;
		this.giveUpAfterNanos = giveUpAfter.toNanos();
		this.healthy = healthy;
		this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "postgres-supervisor");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.scheduleWithFixedDelay(this::check, checkEvery.toMillis(), checkEvery.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	private void check() {
		try {
			synchronized (this.turn) {
				if (this.closed || this.running.getAsBoolean()) {
					return;
				}
				long now = System.nanoTime();
				if (this.downSinceNanos == 0) {
					this.downSinceNanos = now;
					log.error("The embedded PostgreSQL is not running (killed?): starting it again");
				}
				if (this.restart.restart()) {
					log.warn("The embedded PostgreSQL runs again, {} ms after it was found down",
							(System.nanoTime() - this.downSinceNanos) / 1_000_000);
					this.downSinceNanos = 0;
					if (this.broken) {
						this.broken = false;
						this.healthy.accept(true);
					}
				}
				else if (!this.broken && System.nanoTime() - this.downSinceNanos > this.giveUpAfterNanos) {
					this.broken = true;
					log.error("The embedded PostgreSQL could not be started again for {} ms: reporting liveness DOWN "
							+ "so that the service is restarted", this.giveUpAfterNanos / 1_000_000);
					this.healthy.accept(false);
				}
			}
		}
		catch (RuntimeException ex) {
			log.warn("The embedded PostgreSQL's supervision failed", ex);
		}
	}

	/** Stops watching (before the server is stopped on purpose). */
	@Override
	public void close() {
		synchronized (this.turn) {
			this.closed = true;
		}
		this.timer.shutdownNow();
	}

}
