package br.suite.finance.collection;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import org.jspecify.annotations.Nullable;

import br.suite.TestSettings;

/**
 * A real SMTP server for a test class (GreenMail on a loopback port of its own), and the
 * shared context's mail settings pointed at that port: nothing listens there until
 * {@link #start()}, so a class can have the server down, then up.
 */
public final class TestSmtp {

	private final int port = freePort();

	private @Nullable GreenMail server;

	/** The port the service sends to. */
	public int port() {
		return this.port;
	}

	/**
	 * Points the service's mail at this port, plain SMTP on loopback, with a short
	 * backoff between attempts.
	 */
	public void settings(TestSettings settings, String from) {
		settings.record("br.suite.finance.collection.MailSettings", Map.of("host", "127.0.0.1", "port", this.port,
				"from", from, "starttls", false, "backoff", Duration.ofMillis(20), "timeout", Duration.ofSeconds(5)));
	}

	/** A GreenMail listening on this port, stopped by {@link #stop()}. */
	public GreenMail start() {
		return start(this.port);
	}

	/**
	 * A GreenMail listening on {@code port} (for a relay in front of it), stopped by
	 * {@link #stop()}.
	 */
	public GreenMail start(int port) {
		GreenMail started = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
		started.start();
		this.server = started;
		return started;
	}

	/** Stops the server started last, if any. */
	public void stop() {
		if (this.server != null) {
			this.server.stop();
			this.server = null;
		}
	}

	/** A loopback port nothing listens on now. */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
