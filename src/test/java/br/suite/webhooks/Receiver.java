package br.suite.webhooks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP receiver on 127.0.0.1: records each request and answers with the next
 * queued status (or 204).
 */
final class Receiver implements AutoCloseable {

	record Received(Map<String, String> headers, String body) {

		String header(String name) {
			return this.headers.get(name.toLowerCase(java.util.Locale.ROOT));
		}

	}

	private final HttpServer server;

	private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();

	final ConcurrentLinkedQueue<Integer> statuses = new ConcurrentLinkedQueue<>();

	volatile int defaultStatus = 204;

	Receiver() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", exchange -> {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			Map<String, String> headers = new java.util.HashMap<>();
			exchange.getRequestHeaders()
				.forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
			this.received.add(new Received(headers, body));
			Integer status = this.statuses.poll();
			int code = status == null ? this.defaultStatus : status;
			byte[] answer = "x".repeat(3000).getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(code, code == 204 ? -1 : answer.length);
			if (code != 204) {
				exchange.getResponseBody().write(answer);
			}
			exchange.close();
		});
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/hook";
	}

	Received next() throws InterruptedException {
		Received next = this.received.poll(20, TimeUnit.SECONDS);
		if (next == null) {
			throw new AssertionError("No delivery arrived within 20 s");
		}
		return next;
	}

	int pending() {
		return this.received.size();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
