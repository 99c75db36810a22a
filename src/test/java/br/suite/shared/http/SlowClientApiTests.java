package br.suite.shared.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * Fifty anonymous connections that each announce a 10 000-byte body and send it a byte at
 * a time (to the API's sign-in, the pages' sign-in form and an endpoint that refuses them
 * unread) hold neither the API nor the health probes, and each is cut once its body has
 * kept the service waiting longer than its budget. The budget is 3 s here (20 s by
 * default) to keep the test short.
 */
class SlowClientApiTests extends ApiTest {

	private static final int CONNECTIONS = 50;

	private static final Duration BUDGET = Duration.ofSeconds(3);

	@Autowired
	RequestAdmission admission;

	@LocalServerPort
	int serverPort;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void slowBodiesHoldNeitherTheApiNorTheProbesAndAreCutAfterTheirBudget() throws Exception {
		Api reader = signedInWith("access.roles.view");
		Duration before = this.admission.bodyWait();
		this.admission.bodyWait(BUDGET);
		List<Socket> sockets = new ArrayList<>();
		ScheduledExecutorService dribbler = Executors.newSingleThreadScheduledExecutor();
		try {
			String[] targets = { "/api/auth/token/", "/login", "/api/access/roles/" };
			for (int i = 0; i < CONNECTIONS; i++) {
				Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.serverPort);
				socket.setSoTimeout(50);
				String target = targets[i % targets.length];
				String type = "/login".equals(target) ? "application/x-www-form-urlencoded" : "application/json";
				socket.getOutputStream()
					.write(("POST " + target + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type
							+ "\r\nContent-Length: 10000\r\n\r\n")
						.getBytes(StandardCharsets.US_ASCII));
				sockets.add(socket);
			}
			long opened = System.nanoTime();
			// A byte to each connection every 200 ms: far below 500 bytes a second.
			dribbler.scheduleAtFixedRate(() -> {
				for (Socket socket : sockets) {
					try {
						socket.getOutputStream().write('a');
					}
					catch (IOException closed) {
						// cut by the service
					}
				}
			}, 0, 200, TimeUnit.MILLISECONDS);
			Thread.sleep(300);

			assertAnswersQuickly(reader, "/api/access/roles/");
			assertAnswersQuickly(reader.as(null), "/actuator/health/liveness");
			// None of them is cut before its budget.
			long checked = System.nanoTime();
			for (Socket socket : sockets) {
				assertThat(socket.getInputStream().available()).as("an answer before the budget").isZero();
			}
			assertThat(Duration.ofNanos(checked - opened)).isLessThan(BUDGET);
			assertAnswersQuickly(reader, "/api/access/roles/");
			assertAnswersQuickly(reader.as(null), "/actuator/health/liveness");

			// Then every one is cut: an answer (408 where the API was reading the body,
			// the
			// refusal otherwise) and the end of the connection, soon after the budget.
			for (int i = 0; i < sockets.size(); i++) {
				String answer = readToEnd(sockets.get(i), opened + BUDGET.plusSeconds(5).toNanos());
				assertThat(elapsed(opened)).isGreaterThanOrEqualTo(BUDGET);
				String target = targets[i % targets.length];
				if (!answer.isEmpty()) {
					// 401 for the endpoint that refused the body unread, 400 where the
					// body
					// reader failed, 408 where nothing was answered yet; unless the close
					// reset the connection first.
					assertThat(answer).as(target).matches("(?s)HTTP/1\\.1 40[018] .*");
				}
				if (!answer.isEmpty()) {
					assertThat(answer).as(target).containsIgnoringCase("connection: close");
				}
			}
			// And the service is itself again.
			assertAnswersQuickly(reader, "/api/access/roles/");
			assertThat(this.api.as(null)
				.post("/api/auth/token/", json("username", "nobody-" + unique("x"), "password", "wrong"))
				.status()).isEqualTo(401);
		}
		finally {
			dribbler.shutdownNow();
			for (Socket socket : sockets) {
				socket.close();
			}
			this.admission.bodyWait(before);
		}
	}

	private void assertAnswersQuickly(Api client, String path) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(client.base() + path))
			.timeout(Duration.ofSeconds(5))
			.GET();
		if (client.token() != null) {
			request.header("Authorization", "Token " + client.token());
		}
		long start = System.nanoTime();
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(elapsed(start)).as(path).isLessThan(Duration.ofSeconds(2));
		assertThat(response.statusCode()).as(path).isEqualTo(200);
	}

	private static Duration elapsed(long since) {
		return Duration.ofNanos(System.nanoTime() - since);
	}

	/** Everything the service sends until it closes the connection, by the deadline. */
	private static String readToEnd(Socket socket, long deadline) throws IOException {
		ByteArrayOutputStream answer = new ByteArrayOutputStream();
		InputStream in = socket.getInputStream();
		byte[] buffer = new byte[512];
		while (System.nanoTime() < deadline) {
			try {
				int n = in.read(buffer);
				if (n < 0) {
					return answer.toString(StandardCharsets.ISO_8859_1);
				}
				answer.write(buffer, 0, n);
			}
			catch (SocketTimeoutException ex) {
				// not yet
			}
			catch (IOException reset) {
				return answer.toString(StandardCharsets.ISO_8859_1);
			}
		}
		throw new AssertionError("Still open after the deadline; read so far: " + answer);
	}

}
