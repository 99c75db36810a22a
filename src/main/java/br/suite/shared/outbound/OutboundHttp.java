package br.suite.shared.outbound;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import javax.net.ssl.SSLContext;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.ssl.TLS;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * The one way the service calls out (webhook receivers, Pix providers). The host's name
 * is resolved once, when the connection is made, and every address it resolves to is
 * checked there ({@link OutboundUrls#isPublic}): the connection goes to an address that
 * was checked, so a name that answers a public address to the URL check and a private one
 * a moment later (DNS rebinding) is refused, never connected to. Each exchange is
 * bounded: at most {@code timeout} for connecting, the headers and the whole body (a
 * receiver sending a byte now and then is cut off), at most {@code maxBytes} of the body
 * read. No redirects, no automatic retries, no cookies, no decompression (a small
 * compressed answer cannot grow past the limit).
 */
public final class OutboundHttp implements Closeable {

	private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(runnable -> {
		Thread thread = new Thread(runnable, "outbound-http-deadline");
		thread.setDaemon(true);
		return thread;
	});

	/** One request: method, URL, headers in order, and a body with its type, or none. */
	public record Request(String method, URI uri, List<Map.Entry<String, String>> headers, byte @Nullable [] body,
			@Nullable String contentType) {
	}

	/**
	 * A complete answer: status, {@code Retry-After}, and the body's first bytes (at most
	 * {@code maxBytes}; {@code beyondLimit} when the answer was longer and reading
	 * stopped there).
	 */
	public record Answer(int status, @Nullable String retryAfter, byte[] body, boolean beyondLimit) {
	}

	/**
	 * No complete answer: the exchange failed or its time ran out ({@code timedOut}),
	 * after the answer's headers arrived ({@code status} is theirs) or before (null).
	 */
	public static final class Incomplete extends IOException {

		private final @Nullable Integer status;

		private final boolean timedOut;

		Incomplete(String message, @Nullable Integer status, boolean timedOut, @Nullable Throwable cause) {
			super(message, cause);
			this.status = status;
			this.timedOut = timedOut;
		}

		public @Nullable Integer status() {
			return this.status;
		}

		public boolean timedOut() {
			return this.timedOut;
		}

	}

	private final CloseableHttpClient client;

	/**
	 * @param tls the client certificate and trusted CAs, or null for the JVM's defaults
	 * @param allowLoopback the development switch, read at each connection:
	 * {@code 127.0.0.1} and {@code localhost} may be called
	 * @param who names the callers in a refusal ("webhooks", "Pix providers")
	 * @param reuseConnections keep connections open between exchanges (a long-lived
	 * client); otherwise each connection is closed after its exchange
	 */
	public OutboundHttp(@Nullable SSLContext tls, BooleanSupplier allowLoopback, String who, Duration connectTimeout,
			boolean reuseConnections) {
		this(tls, allowLoopback, who, connectTimeout, reuseConnections, InetAddress::getAllByName);
	}

	OutboundHttp(@Nullable SSLContext tls, BooleanSupplier allowLoopback, String who, Duration connectTimeout,
			boolean reuseConnections, CheckedAddresses.Lookup lookup) {
		this.client = HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setDnsResolver(new CheckedAddresses(allowLoopback, who, lookup))
				.setTlsSocketStrategy(tls == null ? DefaultClientTlsStrategy.createSystemDefault()
						: new DefaultClientTlsStrategy(tls))
				.setDefaultTlsConfig(TlsConfig.custom().setSupportedProtocols(TLS.V_1_3, TLS.V_1_2).build())
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(Timeout.of(connectTimeout))
					.setSocketTimeout(Timeout.of(connectTimeout))
					.build())
				.build())
			.setConnectionReuseStrategy((request, response, context) -> reuseConnections)
			.disableRedirectHandling()
			.disableAutomaticRetries()
			.disableCookieManagement()
			.disableContentCompression()
			.disableAuthCaching()
			.build();
	}

	/**
	 * Sends the request and reads its answer, all within {@code timeout}.
	 * @throws OutboundUrls.Refused when the host resolves to an address that may not be
	 * called (nothing was sent)
	 * @throws Incomplete when no complete answer came in time, or the connection failed
	 * @throws InterruptedException when the calling thread was interrupted
	 */
	public Answer exchange(Request request, Duration timeout, int maxBytes)
			throws OutboundUrls.Refused, Incomplete, InterruptedException {
		HttpUriRequestBase call = new HttpUriRequestBase(request.method(), request.uri());
		request.headers().forEach(header -> call.addHeader(header.getKey(), header.getValue()));
		if (request.body() != null) {
			call.setEntity(new ByteArrayEntity(request.body(),
					request.contentType() == null ? null : ContentType.parse(request.contentType())));
		}
		call.setConfig(RequestConfig.custom()
			.setResponseTimeout(Timeout.of(timeout))
			.setConnectionRequestTimeout(Timeout.of(timeout))
			.build());
		AtomicBoolean timedOut = new AtomicBoolean();
		// Closes the connection at the deadline, whatever the exchange is waiting for.
		ScheduledFuture<?> alarm = TIMER.schedule(() -> {
			timedOut.set(true);
			call.cancel();
		}, timeout.toNanos(), TimeUnit.NANOSECONDS);
		Integer status = null;
		ClassicHttpResponse response = null;
		try {
			response = this.client.executeOpen(null, call, null);
			status = response.getCode();
			Header retryAfter = response.getFirstHeader("Retry-After");
			return read(response.getCode(), retryAfter == null ? null : retryAfter.getValue(), response.getEntity(),
					maxBytes, call::cancel);
		}
		catch (IOException ex) {
			if (Thread.currentThread().isInterrupted() && !timedOut.get()) {
				throw new InterruptedException("interrupted during an outbound call");
			}
			OutboundUrls.Refused refused = refusal(ex);
			if (refused != null) {
				throw refused;
			}
			throw new Incomplete(
					timedOut.get() ? "no complete answer within " + timeout.toMillis() + " ms" : describe(ex), status,
					timedOut.get(), ex);
		}
		finally {
			alarm.cancel(false);
			closeQuietly(response);
		}
	}

	/**
	 * The body's first bytes; past {@code maxBytes} the exchange is aborted first (the
	 * connection closed), so closing the stream does not read the rest.
	 */
	private static Answer read(int status, @Nullable String retryAfter, @Nullable HttpEntity entity, int maxBytes,
			Runnable abort) throws IOException {
		if (entity == null) {
			return new Answer(status, retryAfter, new byte[0], false);
		}
		ByteArrayOutputStream kept = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		InputStream in = entity.getContent();
		int read;
		while ((read = in.read(buffer, 0, Math.min(buffer.length, maxBytes + 1 - kept.size()))) > 0) {
			kept.write(buffer, 0, read);
			if (kept.size() > maxBytes) {
				abort.run();
				closeQuietly(in);
				byte[] first = new byte[maxBytes];
				System.arraycopy(kept.toByteArray(), 0, first, 0, maxBytes);
				return new Answer(status, retryAfter, first, true);
			}
		}
		in.close();
		return new Answer(status, retryAfter, kept.toByteArray(), false);
	}

	private static void closeQuietly(@Nullable Closeable closeable) {
		if (closeable == null) {
			return;
		}
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// The exchange is over (aborted or answered); nothing more to read.
		}
	}

	private static OutboundUrls.@Nullable Refused refusal(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof RefusedAddress refused) {
				return new OutboundUrls.Refused(refused.getMessage());
			}
		}
		return null;
	}

	/** The failure in a few words, without the request (its URL may hold secrets). */
	private static String describe(IOException ex) {
		String message = ex.getMessage();
		String kind = ex instanceof InterruptedIOException ? "timed out or cancelled" : ex.getClass().getSimpleName();
		return message == null || message.isBlank() ? kind : kind + ": " + message;
	}

	@Override
	public void close() throws IOException {
		this.client.close();
	}

	/** A host name that resolved to an address the caller may not call. */
	static final class RefusedAddress extends UnknownHostException {

		RefusedAddress(String message) {
			super(message);
		}

	}

	/**
	 * The resolver of every connection: resolves once and answers only checked addresses
	 * (so the socket connects to one of them), or refuses.
	 */
	record CheckedAddresses(BooleanSupplier allowLoopback, String who, Lookup lookup) implements DnsResolver {

		/** The system resolver, or a test's. */
		@FunctionalInterface
		interface Lookup {

			InetAddress[] all(String host) throws UnknownHostException;

		}

		@Override
		public InetAddress[] resolve(String host) throws UnknownHostException {
			InetAddress[] addresses = this.lookup.all(host);
			boolean loopbackName = host.equals("127.0.0.1") || host.toLowerCase(Locale.ROOT).equals("localhost");
			for (InetAddress address : addresses) {
				if (loopbackName && this.allowLoopback.getAsBoolean() && address.isLoopbackAddress()) {
					continue;
				}
				if (!OutboundUrls.isPublic(address)) {
					throw new RefusedAddress(OutboundUrls.privateAddress(address, this.who));
				}
			}
			return addresses;
		}

		@Override
		public String resolveCanonicalHostname(String host) throws UnknownHostException {
			return host;
		}

	}

}
