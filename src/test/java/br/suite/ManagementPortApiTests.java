package br.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import br.suite.Api.Response;

/**
 * With {@code SUITE_MANAGEMENT_PORT} set, {@code /actuator} (metrics and health probes)
 * answers on that port without a token, and the API port serves no metrics to anyone;
 * that port listens on loopback only (unless {@code SUITE_MANAGEMENT_ADDRESS} says
 * otherwise).
 */
class ManagementPortApiTests extends ApiTest {

	static final int MANAGEMENT_PORT;

	static {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			MANAGEMENT_PORT = socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@DynamicPropertySource
	static void managementPort(DynamicPropertyRegistry registry) {
		registry.add("management.server.port", () -> MANAGEMENT_PORT);
	}

	@Test
	void theMetricsAndProbesAnswerOnTheManagementPortOnly() {
		Api management = new Api("http://localhost:" + MANAGEMENT_PORT, null);
		Response metrics = management.get("/actuator/prometheus");
		assertThat(metrics.status()).as(metrics.toString()).isEqualTo(200);
		assertThat(metrics.body()).contains("jvm_memory_used_bytes");
		assertThat(management.get("/actuator/health/readiness").status()).isEqualTo(200);
		assertThat(management.get("/actuator/health/operations").json().get("components").has("backup")).isTrue();

		assertThat(this.api.as(null).get("/actuator/prometheus").status()).isEqualTo(401);
		Response onApiPort = this.api.get("/actuator/prometheus");
		assertThat(onApiPort.status()).isEqualTo(404);
		assertThat(onApiPort.body()).doesNotContain("jvm_memory_used_bytes");
		// Everything else on the API port is as before.
		assertThat(this.api.get("/api/access/roles/").status()).isEqualTo(200);
	}

	@LocalServerPort
	int serverPort;

	@Test
	void theManagementPortListensOnLoopbackOnly() throws IOException {
		Optional<InetAddress> external = NetworkInterface.networkInterfaces().filter(network -> {
			try {
				return network.isUp() && !network.isLoopback();
			}
			catch (IOException ex) {
				return false;
			}
		})
			.flatMap(NetworkInterface::inetAddresses)
			.filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
			.findFirst();
		Assumptions.assumeTrue(external.isPresent(), "a network address other than loopback");
		// The API port listens on every address, so this one reaches the service...
		try (Socket api = new Socket()) {
			api.connect(new InetSocketAddress(external.get(), this.serverPort), 2000);
		}
		// ...but not its management port.
		try (Socket management = new Socket()) {
			org.assertj.core.api.Assertions
				.assertThatThrownBy(
						() -> management.connect(new InetSocketAddress(external.get(), MANAGEMENT_PORT), 2000))
				.isInstanceOf(ConnectException.class);
		}
		assertThat(new Api("http://127.0.0.1:" + MANAGEMENT_PORT, null).get("/actuator/health/liveness").status())
			.isEqualTo(200);
	}

}
