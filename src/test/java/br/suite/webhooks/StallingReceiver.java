package br.suite.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A receiver on 127.0.0.1 that answers every request with {@code 200} and
 * {@code Content-Length: 100000}, sends the first few bytes of that body and never the
 * rest: it keeps the connection open until the client closes it
 * ({@link Behaviour#STALL}), or closes it at once ({@link Behaviour#CUT_SHORT}); or it
 * announces 10 MB and sends 200 KB of them before stalling ({@link Behaviour#OVERSIZED}).
 * Notes when each connection was answered and when the client closed it.
 */
final class StallingReceiver implements AutoCloseable {

	enum Behaviour {

		STALL, CUT_SHORT, OVERSIZED

	}

	private final Behaviour behaviour;

	/** One connection: when it was answered and (-1 while open) when the client left. */
	static final class Connection {

		final long answeredAt;

		volatile long closedAt = -1;

		Connection(long answeredAt) {
			this.answeredAt = answeredAt;
		}

		boolean open() {
			return this.closedAt < 0;
		}

	}

	private final ServerSocket server;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final BlockingQueue<Connection> answered = new LinkedBlockingQueue<>();

	StallingReceiver() throws IOException {
		this(Behaviour.STALL);
	}

	StallingReceiver(Behaviour behaviour) throws IOException {
		this.behaviour = behaviour;
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::accept, "stalling-receiver");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getLocalPort() + "/hook";
	}

	/** The next connection that got its headers, within 20 s. */
	Connection nextAnswered() throws InterruptedException {
		Connection next = this.answered.poll(20, TimeUnit.SECONDS);
		if (next == null) {
			throw new AssertionError("No request reached the stalling receiver within 20 s");
		}
		return next;
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				this.sockets.add(socket);
				Thread handler = new Thread(() -> stall(socket), "stalling-receiver-connection");
				handler.setDaemon(true);
				handler.start();
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private void stall(Socket socket) {
		Connection connection = null;
		try (socket) {
			InputStream in = socket.getInputStream();
			int matched = 0;
			byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
			while (matched < end.length) {
				int b = in.read();
				if (b < 0) {
					return;
				}
				matched = (b == end[matched]) ? matched + 1 : (b == end[0] ? 1 : 0);
			}
			OutputStream out = socket.getOutputStream();
			long length = this.behaviour == Behaviour.OVERSIZED ? 10_000_000 : 100_000;
			out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + length + "\r\n\r\n"
					+ "accepted")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			connection = new Connection(System.nanoTime());
			this.answered.add(connection);
			if (this.behaviour == Behaviour.OVERSIZED) {
				// The client may stop reading (and close) before all of it is sent.
				out.write(new byte[200_000]);
				out.flush();
			}
			if (this.behaviour == Behaviour.CUT_SHORT) {
				// End of the answer (FIN) long before its Content-Length.
				socket.shutdownOutput();
			}
			// The request's body and then nothing: wait for the client to give up.
			while (in.read() >= 0) {
				// discard
			}
		}
		catch (IOException ex) {
			// the client reset the connection, or close() below
		}
		finally {
			if (connection != null) {
				connection.closedAt = System.nanoTime();
			}
		}
	}

	@Override
	public void close() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
	}

}
