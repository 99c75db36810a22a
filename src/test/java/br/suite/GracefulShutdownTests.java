package br.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.Filter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a rolling restart relies on (docs/operations.md "Rolling restarts"): when the
 * service is asked to stop, readiness answers 503 at once while connections are still
 * taken for {@code suite.shutdown.drain}; then new connections are refused, and a request
 * that was in flight still completes with its answer. The slow request is a test-only
 * filter that answers after 6 s.
 */
class GracefulShutdownTests {

	private static final long SLOW_MILLIS = 6_000;

	private static final long DRAIN_MILLIS = 2_000;

	static final CountDownLatch slowStarted = new CountDownLatch(1);

	@Configuration(proxyBeanMethods = false)
	static class SlowRequest {

		@Bean
		FilterRegistrationBean<Filter> slowFilter() {
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
				slowStarted.countDown();
				try {
					Thread.sleep(SLOW_MILLIS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				response.setContentType("text/plain");
				response.getWriter().write("slow done");
			});
			registration.addUrlPatterns("/slow-test");
			registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
			return registration;
		}

	}

	@Test
	void readinessGoesDownFirstThenNewConnectionsAreRefusedAndTheRequestInFlightCompletes() throws Exception {
		ConfigurableApplicationContext service = new SpringApplicationBuilder(SuiteApplication.class, SlowRequest.class)
			.run("--server.port=0", "--server.shutdown=graceful", "--suite.shutdown.drain=" + DRAIN_MILLIS + "ms",
					"--spring.lifecycle.timeout-per-shutdown-phase=30s", "--suite.database.url=" + TestDatabase.url(),
					"--suite.database.user=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"),
					"--suite.database.password=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""),
					"--suite.access.data-directory=" + Files.createTempDirectory("suite-instance"));
		int port = Integer.parseInt(service.getEnvironment().getProperty("local.server.port"));
		assertThat(get(port, "/actuator/health/readiness")).startsWith("HTTP/1.1 200");

		// Threads of their own: the common pool may have one thread on two cores, and the
		// close would wait behind the slow request's blocking read.
		ExecutorService threads = Executors.newFixedThreadPool(2);
		CompletableFuture<String> slow = CompletableFuture.supplyAsync(() -> get(port, "/slow-test"), threads);
		assertThat(slowStarted.await(20, TimeUnit.SECONDS)).isTrue();
		long closing = System.nanoTime();
		CompletableFuture<Void> closed = CompletableFuture.runAsync(service::close, threads);
		threads.shutdown();

		// During the drain: readiness DOWN (the balancer stops sending), other requests
		// still served on new connections.
		// The close runs on another thread: until it has published the new state a probe
		// still reads UP, so the probe is asked again until it reads DOWN, which must
		// happen within the drain.
		String readiness = get(port, "/actuator/health/readiness");
		while (!readiness.startsWith("HTTP/1.1 503") && millisSince(closing) < DRAIN_MILLIS) {
			Thread.sleep(20);
			readiness = get(port, "/actuator/health/readiness");
		}
		long readinessAt = System.nanoTime();
		assertThat(readiness).startsWith("HTTP/1.1 503").contains("OUT_OF_SERVICE");
		assertThat(millisSince(closing)).isLessThan(DRAIN_MILLIS);
		assertThat(get(port, "/actuator/health/liveness")).startsWith("HTTP/1.1 200");
		assertThat(slow).isNotDone();

		// After the drain: new connections refused while the slow request is still in
		// flight.
		long refusedAt = 0;
		while (refusedAt == 0 && millisSince(closing) < 20_000) {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
				Thread.sleep(50);
			}
			catch (ConnectException refused) {
				refusedAt = System.nanoTime();
			}
		}
		assertThat(refusedAt).as("new connections refused after the drain").isNotZero();
		assertThat((refusedAt - closing) / 1_000_000).isGreaterThanOrEqualTo(DRAIN_MILLIS);
		assertThat(slow).as("the request in flight is still running when the socket closes").isNotDone();
		assertThat(refusedAt).isGreaterThan(readinessAt);

		// The request in flight gets its whole answer, then the service stops.
		assertThat(slow.get(30, TimeUnit.SECONDS)).startsWith("HTTP/1.1 200").endsWith("slow done");
		closed.get(30, TimeUnit.SECONDS);
		assertThat(service.isActive()).isFalse();
	}

	private static long millisSince(long nanos) {
		return (System.nanoTime() - nanos) / 1_000_000;
	}

	/**
	 * The whole answer to a GET on a connection of its own (closed after the answer).
	 */
	private static String get(int port, String path) {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
