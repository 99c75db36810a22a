package br.suite.platform;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The pause between "readiness DOWN" and "the web server stops taking connections" on
 * shutdown ({@code suite.shutdown.drain}, {@code SUITE_SHUTDOWN_DRAIN}; 0 = none), so a
 * load balancer that checks {@code /actuator/health/readiness} takes the instance out
 * before it refuses connections.
 * <p>
 * On SIGTERM Spring Boot publishes readiness {@code REFUSING_TRAFFIC} (the probe answers
 * 503) and then stops the lifecycle beans from the highest phase down. This bean has the
 * highest phase, so it stops first: it keeps serving every request as usual for the
 * drain, then lets the graceful shutdown
 * ({@link WebServerGracefulShutdownLifecycle#SMART_LIFECYCLE_PHASE}) close the listening
 * socket and wait for the requests in flight ({@code server.shutdown=graceful}, at most
 * {@code spring.lifecycle.timeout-per-shutdown-phase}). Without the pause a balancer
 * would keep sending new connections for up to its check interval times its fall count,
 * and they would be refused. See docs/operations.md "Rolling restarts".
 */
@Component
@ConditionalOnWebApplication
class ShutdownDrain implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(ShutdownDrain.class);

	private final Duration drain;

	private volatile boolean running;

	ShutdownDrain(@Value("${suite.shutdown.drain:0s}") Duration drain) {
		if (drain.isNegative()) {
			throw new IllegalArgumentException("suite.shutdown.drain must not be negative: " + drain);
		}
		this.drain = drain;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.drain.isZero()) {
			return;
		}
		logger.info("Readiness is DOWN; still serving for " + this.drain.toMillis()
				+ " ms (suite.shutdown.drain) so the load balancer takes this instance out");
		try {
			Thread.sleep(this.drain.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		logger.info("Drain over: the web server stops taking connections and finishes the requests in flight");
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Above the web server's graceful shutdown, so this stops (waits) first.
	 */
	@Override
	public int getPhase() {
		return Integer.MAX_VALUE;
	}

}
