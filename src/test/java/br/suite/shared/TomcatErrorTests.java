package br.suite.shared;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Tomcat refuses before Spring sees it is answered with problem details too, never
 * an HTML page. Sent over a raw socket, because an HTTP client would normalise or refuse
 * these requests itself.
 */
class TomcatErrorTests extends ApiTest {

	@Test
	void aNulCharacterInThePathIsAProblem() throws IOException {
		assertProblem(
				send("PUT /api/finance/connections/%00/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Token "
						+ this.api.token()
						+ "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"),
				400);
		assertProblem(send("GET /api/clientes/%00 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
	}

	@Test
	void aLonePercentSignInThePathIsAProblem() throws IOException {
		assertProblem(send("GET /api/clientes/% HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
		assertProblem(send("GET /api/%zz/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
	}

	@Test
	void oversizedHeadersAreAProblem() throws IOException {
		String big = "x".repeat(20 * 1024);
		assertProblem(send(
				"GET /api/clientes/ HTTP/1.1\r\nHost: localhost\r\nX-Big: " + big + "\r\nConnection: close\r\n\r\n"),
				400);
	}

	@Test
	void aMalformedRequestLineIsAProblem() throws IOException {
		assertProblem(send("GET /api/clientes/ HTTP/1.1 extra\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
		assertProblem(send("G\u0001T /api/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
		assertProblem(send("GET /api/a{b}/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
	}

	@Test
	void errorsNoHandlerAnsweredAreProblemsToo() throws IOException {
		// TRACE is refused by the servlet with sendError, which Spring Boot's error page
		// would render.
		assertProblem(send(
				"TRACE /api/clientes/ HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n"),
				405);
		assertProblem(send("GET /error HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 404);
	}

	private static void assertProblem(String response, int status) {
		int split = response.indexOf("\r\n\r\n");
		assertThat(split).as(response).isPositive();
		String head = response.substring(0, split);
		String body = response.substring(split + 4);
		assertThat(head).as(response).startsWith("HTTP/1.1 " + status);
		assertThat(head.toLowerCase()).as(response).contains("content-type: application/problem+json");
		if (head.toLowerCase().contains("transfer-encoding: chunked")) {
			body = unchunk(body);
		}
		JsonNode json = Api.JSON.readTree(body);
		assertThat(json.get("status").asInt()).isEqualTo(status);
		assertThat(json.get("title").asString()).isNotBlank();
		assertThat(json.get("detail").asString()).isNotBlank();
	}

	private static String unchunk(String chunked) {
		StringBuilder out = new StringBuilder();
		int at = 0;
		while (true) {
			int lineEnd = chunked.indexOf("\r\n", at);
			int size = Integer.parseInt(chunked.substring(at, lineEnd).strip(), 16);
			if (size == 0) {
				return out.toString();
			}
			out.append(chunked, lineEnd + 2, lineEnd + 2 + size);
			at = lineEnd + 2 + size + 2;
		}
	}

	private String send(String request) throws IOException {
		URI base = URI.create(this.api.base());
		try (Socket socket = new Socket(base.getHost(), base.getPort())) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
			socket.getOutputStream().flush();
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			in.transferTo(out);
			return out.toString(StandardCharsets.UTF_8);
		}
	}

}
