package br.suite.shared.outbound;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The outbound client connects only to addresses its own resolution checked: a name that
 * resolves to a private address when the connection is made (DNS rebinding after the URL
 * check) is refused before anything is sent.
 */
class OutboundHttpTests {

	private HttpServer server;

	private final AtomicInteger served = new AtomicInteger();

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/", exchange -> {
			this.served.incrementAndGet();
			byte[] body = "x".repeat(5000).getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Retry-After", "7");
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	private OutboundHttp.Request get(String host) {
		return new OutboundHttp.Request("GET",
				URI.create("http://" + host + ":" + this.server.getAddress().getPort() + "/"),
				List.of(Map.entry("Accept", "text/plain")), null, null);
	}

	@Test
	void aNameThatResolvesToALoopbackAddressAtConnectTimeIsRefusedAndNothingIsSent() throws IOException {
		// The URL check saw a public address; the name now answers loopback.
		try (OutboundHttp http = new OutboundHttp(null, () -> false, "webhooks", Duration.ofSeconds(2), false,
				host -> new InetAddress[] { InetAddress.getByName("127.0.0.1") })) {
			assertThatThrownBy(() -> http.exchange(get("rebound.example"), Duration.ofSeconds(2), 100))
				.isInstanceOf(OutboundUrls.Refused.class)
				.hasMessageContaining("127.0.0.1")
				.hasMessageContaining("webhooks may not call");
		}
		try (OutboundHttp http = new OutboundHttp(null, () -> true, "webhooks", Duration.ofSeconds(2), false,
				host -> new InetAddress[] { InetAddress.getByName("10.0.0.7") })) {
			assertThatThrownBy(() -> http.exchange(get("localhost"), Duration.ofSeconds(2), 100))
				.as("the loopback switch allows loopback addresses only")
				.isInstanceOf(OutboundUrls.Refused.class)
				.hasMessageContaining("10.0.0.7");
		}
		assertThat(this.served).hasValue(0);
	}

	@Test
	void withTheLoopbackSwitchALoopbackNameIsCalledAndTheBodyIsReadToTheLimitOnly() throws Exception {
		try (OutboundHttp http = new OutboundHttp(null, () -> true, "webhooks", Duration.ofSeconds(2), true)) {
			OutboundHttp.Answer whole = http.exchange(get("127.0.0.1"), Duration.ofSeconds(5), 10_000);
			assertThat(whole.status()).isEqualTo(200);
			assertThat(whole.retryAfter()).isEqualTo("7");
			assertThat(whole.body()).hasSize(5000);
			assertThat(whole.beyondLimit()).isFalse();
			OutboundHttp.Answer cut = http.exchange(get("127.0.0.1"), Duration.ofSeconds(5), 100);
			assertThat(cut.body()).hasSize(100);
			assertThat(cut.beyondLimit()).isTrue();
			assertThat(http.exchange(get("127.0.0.1"), Duration.ofSeconds(5), 10_000).body())
				.as("a connection cut at the limit is not reused half-read")
				.hasSize(5000);
		}
		try (OutboundHttp http = new OutboundHttp(null, () -> false, "webhooks", Duration.ofSeconds(2), true)) {
			assertThatThrownBy(() -> http.exchange(get("127.0.0.1"), Duration.ofSeconds(2), 100))
				.as("without the switch, loopback is refused at connect time too")
				.isInstanceOf(OutboundUrls.Refused.class);
		}
		assertThat(this.served).hasValue(3);
	}

}
