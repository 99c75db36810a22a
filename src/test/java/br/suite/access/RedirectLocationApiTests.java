package br.suite.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import br.suite.ApiTest;

/**
 * The pages' redirects name a path, never an address built from the request's
 * {@code Host} header: a link through a hostile name does not send the browser (and its
 * password) to that host.
 */
class RedirectLocationApiTests extends ApiTest {

	@LocalServerPort
	int serverPort;

	@Test
	void redirectsAreRelativeWhateverTheHostHeaderSays() throws IOException {
		String signInFirst = send("GET /app/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
		assertThat(signInFirst).startsWith("HTTP/1.1 302");
		assertThat(location(signInFirst)).isEqualTo("/login");

		String form = "username=nobody-" + unique("x") + "&password=wrong";
		String failed = send("POST /login HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n"
				+ "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length() + "\r\n\r\n"
				+ form);
		// Without the form's CSRF token the attempt is refused; either way no absolute
		// address.
		assertThat(failed).doesNotContain("evil.example");
		String signedOut = send("GET /logout HTTP/1.1\r\nHost: evil.example:8443\r\nConnection: close\r\n\r\n");
		assertThat(signedOut).doesNotContain("evil.example");
	}

	private String send(String request) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.serverPort)) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
			ByteArrayOutputStream answer = new ByteArrayOutputStream();
			InputStream in = socket.getInputStream();
			in.transferTo(answer);
			return answer.toString(StandardCharsets.ISO_8859_1);
		}
	}

	private static String location(String answer) {
		for (String line : answer.split("\r\n")) {
			if (line.regionMatches(true, 0, "Location:", 0, 9)) {
				return line.substring(9).strip();
			}
		}
		return "(none)";
	}

}
