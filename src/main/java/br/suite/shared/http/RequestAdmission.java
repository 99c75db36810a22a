package br.suite.shared.http;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Semaphore;

import jakarta.servlet.ServletException;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.apache.coyote.InputBuffer;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.net.ApplicationBufferHandler;
import org.jspecify.annotations.Nullable;

/**
 * Tomcat's first valve: what keeps slow clients from stopping the service. At most
 * {@code concurrency} requests are handled at once (in arrival order), but a request
 * waiting for body bytes that have not arrived gives its turn away meanwhile, so a client
 * that sends slowly holds one of Tomcat's (many, cheap) threads and none of the turns.
 * Every body has a budget of waiting: {@code bodyWait}, plus one second for every
 * {@code bodyMinRate} bytes received; a body that spends more than that waiting for the
 * client is cut (408, connection closed). A body the application did not read is drained
 * within the same budget, or the connection is closed (Tomcat's own drain would wait for
 * it byte by byte). The health probes never wait for a turn.
 */
final class RequestAdmission extends ValveBase {

	private static final Set<String> PROBES = Set.of("/actuator/health/liveness", "/actuator/health/liveness/",
			"/actuator/health/readiness", "/actuator/health/readiness/");

	private final Semaphore turns;

	private volatile long bodyWaitNanos;

	private volatile long bodyMinRate;

	RequestAdmission(HttpSettings settings) {
		super(true);
		this.turns = new Semaphore(settings.concurrency(), true);
		bodyWait(settings.bodyWait());
		this.bodyMinRate = settings.bodyMinRate();
	}

	/** Changes the waiting budget of bodies read from now on. */
	void bodyWait(Duration wait) {
		this.bodyWaitNanos = wait.toNanos();
	}

	Duration bodyWait() {
		return Duration.ofNanos(this.bodyWaitNanos);
	}

	@Override
	public void invoke(Request request, Response response) throws IOException, ServletException {
		org.apache.coyote.Request coyote = request.getCoyoteRequest();
		InputBuffer original = coyote.getInputBuffer();
		// No decoded URI when Tomcat reports a request it could not parse (headers too
		// large, a bad request line): that answer is no probe.
		String uri = request.getDecodedRequestURI();
		boolean probe = uri != null && PROBES.contains(uri);
		Budget budget = new Budget(original, probe ? null : this.turns, this.bodyWaitNanos, this.bodyMinRate);
		coyote.setInputBuffer(budget);
		try {
			if (!probe) {
				this.turns.acquireUninterruptibly();
				budget.held = true;
			}
			try {
				getNext().invoke(request, response);
			}
			finally {
				budget.giveBack();
			}
			if (!budget.exceeded && !coyote.isFinished()) {
				drain(request, coyote);
			}
			if (budget.exceeded) {
				cut(coyote, response);
			}
		}
		finally {
			coyote.setInputBuffer(original);
		}
	}

	/**
	 * Reads what is left of a body the application answered without reading, within its
	 * budget, so the connection can serve the client's next request; otherwise it is
	 * closed after the answer.
	 */
	private static void drain(Request request, org.apache.coyote.Request coyote) {
		long limit = request.getConnector().getProtocolHandler() instanceof AbstractHttp11Protocol<?> http
				? http.getMaxSwallowSize() : 0;
		// A client waiting for "100 Continue" has not sent its body: Tomcat closes such a
		// connection itself when the answer is not a 2xx; for a 2xx it is closed here.
		if (coyote.hasExpectation() || coyote.getContentLengthLong() > limit) {
			coyote.action(ActionCode.DISABLE_SWALLOW_INPUT, null);
			return;
		}
		Sink sink = new Sink();
		long drained = 0;
		try {
			while (drained <= limit) {
				int n = coyote.doRead(sink);
				if (n < 0) {
					return;
				}
				drained += n;
			}
		}
		catch (IOException ex) {
			// Too slow (the budget), gone, or malformed: the connection ends after the
			// answer.
		}
		coyote.action(ActionCode.DISABLE_SWALLOW_INPUT, null);
	}

	/** 408 when nothing was answered yet; the connection is closed either way. */
	private static void cut(org.apache.coyote.Request coyote, Response response) throws IOException {
		coyote.action(ActionCode.DISABLE_SWALLOW_INPUT, null);
		if (response.isCommitted()) {
			return;
		}
		response.reset();
		response.setSuspended(false);
		response.setStatus(408);
		response.setContentType("application/problem+json");
		response.setCharacterEncoding(StandardCharsets.UTF_8);
		response.setHeader("Connection", "close");
		response.getWriter()
			.write("{\"title\":\"Request Timeout\",\"status\":408,\"detail\":\"" + BodyTooSlow.DETAIL + "\"}");
	}

	/**
	 * Thrown by a body read that exhausted its waiting budget: the reader answers 400, or
	 * {@link #cut} 408 when nothing was answered.
	 */
	static final class BodyTooSlow extends IOException {

		static final String DETAIL = "The request body did not arrive in time.";

		BodyTooSlow() {
			super(DETAIL);
		}

	}

	/**
	 * The request's body as the application reads it: counts the bytes and the time spent
	 * waiting for them, and gives the request's turn away while it waits.
	 */
	private static final class Budget implements InputBuffer {

		private final InputBuffer delegate;

		private final @Nullable Semaphore turns;

		private final long waitNanos;

		private final long minRate;

		private volatile boolean held;

		private long waited;

		private long received;

		private volatile boolean exceeded;

		Budget(InputBuffer delegate, @Nullable Semaphore turns, long waitNanos, long minRate) {
			this.delegate = delegate;
			this.turns = turns;
			this.waitNanos = waitNanos;
			this.minRate = Math.max(1, minRate);
		}

		@Override
		public int doRead(ApplicationBufferHandler handler) throws IOException {
			if (this.exceeded) {
				throw new BodyTooSlow();
			}
			Semaphore turns = this.turns;
			boolean yielded = turns != null && this.held && this.delegate.available() == 0;
			if (yielded) {
				this.held = false;
				turns.release();
			}
			long start = System.nanoTime();
			int n;
			try {
				n = this.delegate.doRead(handler);
			}
			catch (SocketTimeoutException ex) {
				this.exceeded = true;
				throw new BodyTooSlow();
			}
			finally {
				this.waited += System.nanoTime() - start;
				if (yielded) {
					turns.acquireUninterruptibly();
					this.held = true;
				}
			}
			if (n > 0) {
				this.received += n;
			}
			if (this.waited > this.waitNanos + this.received * 1_000_000_000L / this.minRate) {
				this.exceeded = true;
				throw new BodyTooSlow();
			}
			return n;
		}

		@Override
		public int available() {
			return this.delegate.available();
		}

		void giveBack() {
			if (this.held && this.turns != null) {
				this.held = false;
				this.turns.release();
			}
		}

	}

	/** Where drained bytes go: nowhere. */
	private static final class Sink implements ApplicationBufferHandler {

		private ByteBuffer buffer = ApplicationBufferHandler.EMPTY_BUFFER;

		@Override
		public void setByteBuffer(ByteBuffer buffer) {
			this.buffer = buffer;
		}

		@Override
		public ByteBuffer getByteBuffer() {
			return this.buffer;
		}

		@Override
		public void expand(int size) {
		}

	}

}
