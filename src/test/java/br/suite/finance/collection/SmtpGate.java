package br.suite.finance.collection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

/**
 * The SMTP server as the service sees it: a TCP relay on a port of its own in front of a
 * real SMTP server (GreenMail), which can go away in the middle of a run. With
 * {@link #goAwayAfter(int) goAwayAfter(n)} it relays everything until the server has
 * accepted the n-th message (its {@code 250} to the end of the data), hands that
 * {@code 250} to the client and stops listening; when the client then says {@code QUIT}
 * the connection is dropped with a reset, unanswered. From then on a connection is
 * refused, as when the server's process dies right after accepting a message.
 * {@link #open()} listens again on the same port.
 */
final class SmtpGate implements AutoCloseable {

	private static final byte[] END_OF_DATA = "\r\n.\r\n".getBytes(StandardCharsets.US_ASCII);

	private final int port;

	private final int target;

	private final AtomicInteger accepted = new AtomicInteger();

	private final AtomicInteger connections = new AtomicInteger();

	private final List<Socket> open = new CopyOnWriteArrayList<>();

	private volatile int goAwayAfter = Integer.MAX_VALUE;

	private volatile @Nullable ServerSocket listener;

	SmtpGate(int port, int target) {
		this.port = port;
		this.target = target;
	}

	/** Messages the server behind accepted through the gate. */
	int accepted() {
		return this.accepted.get();
	}

	/** Connections the gate took. */
	int connections() {
		return this.connections.get();
	}

	/** Whether the gate is listening. */
	boolean listening() {
		ServerSocket current = this.listener;
		return current != null && !current.isClosed();
	}

	/** Goes away once the server accepted {@code messages} more messages. */
	void goAwayAfter(int messages) {
		this.goAwayAfter = this.accepted.get() + messages;
	}

	/** Listens (again) on the port, relaying everything. */
	synchronized SmtpGate open() throws IOException {
		this.goAwayAfter = Integer.MAX_VALUE;
		ServerSocket socket = new ServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port));
		this.listener = socket;
		Thread accepting = new Thread(() -> accept(socket), "smtp-gate-" + this.port);
		accepting.setDaemon(true);
		accepting.start();
		return this;
	}

	private void accept(ServerSocket socket) {
		while (!socket.isClosed()) {
			try {
				Socket client = socket.accept();
				this.connections.incrementAndGet();
				Socket server = new Socket(InetAddress.getLoopbackAddress(), this.target);
				this.open.add(client);
				this.open.add(server);
				Session session = new Session(client, server);
				start(() -> session.clientToServer(), "smtp-gate-up");
				start(() -> session.serverToClient(), "smtp-gate-down");
			}
			catch (IOException ex) {
				// closed
			}
		}
	}

	private static void start(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

	/** Stops listening: a new connection is refused. */
	synchronized void stopListening() {
		ServerSocket current = this.listener;
		if (current != null) {
			try {
				current.close();
			}
			catch (IOException ex) {
				// closed
			}
		}
	}

	/** Stops listening and resets every connection. */
	synchronized void goAway() {
		stopListening();
		for (Socket socket : this.open) {
			reset(socket);
		}
		this.open.clear();
	}

	private static void reset(Socket socket) {
		try {
			socket.setSoLinger(true, 0);
			socket.close();
		}
		catch (IOException ex) {
			// closed
		}
	}

	@Override
	public void close() {
		goAway();
	}

	/** One relayed connection. */
	private final class Session {

		private final Socket client;

		private final Socket server;

		/** The client sent the end of a message's data; the next reply is its verdict. */
		private volatile boolean dataEnded;

		/**
		 * The gate went away after this connection's message: what the client says next
		 * is not answered.
		 */
		private volatile boolean dying;

		Session(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

		void clientToServer() {
			try (InputStream in = this.client.getInputStream(); OutputStream out = this.server.getOutputStream()) {
				byte[] buffer = new byte[8192];
				int matched = 0;
				for (int read; (read = in.read(buffer)) >= 0;) {
					if (this.dying) {
						goAway();
						return;
					}
					for (int i = 0; i < read; i++) {
						byte b = buffer[i];
						matched = b == END_OF_DATA[matched] ? matched + 1 : (b == END_OF_DATA[0] ? 1 : 0);
						if (matched == END_OF_DATA.length) {
							this.dataEnded = true;
							matched = 0;
						}
					}
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// reset or closed
			}
			finally {
				closeBoth();
			}
		}

		void serverToClient() {
			try (InputStream in = this.server.getInputStream(); OutputStream out = this.client.getOutputStream()) {
				java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
				for (int b; (b = in.read()) >= 0;) {
					line.write(b);
					if (b != '\n') {
						continue;
					}
					boolean verdict = this.dataEnded;
					this.dataEnded = false;
					if (verdict && line.toString(StandardCharsets.US_ASCII).startsWith("250")
							&& SmtpGate.this.accepted.incrementAndGet() >= SmtpGate.this.goAwayAfter) {
						// Before the client can read the 250 and answer QUIT.
						this.dying = true;
						stopListening();
					}
					line.writeTo(out);
					out.flush();
					line.reset();
				}
			}
			catch (IOException ex) {
				// reset or closed
			}
			finally {
				closeBoth();
			}
		}

		private void closeBoth() {
			try {
				this.client.close();
			}
			catch (IOException ex) {
				// closed
			}
			try {
				this.server.close();
			}
			catch (IOException ex) {
				// closed
			}
			SmtpGate.this.open.remove(this.client);
			SmtpGate.this.open.remove(this.server);
		}

	}

}
