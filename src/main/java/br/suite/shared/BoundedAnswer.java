package br.suite.shared;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

import org.jspecify.annotations.Nullable;

/**
 * Reads the answer to one outbound request (a webhook receiver's, a Pix provider's),
 * keeping at most {@code maxBytes} of its body: past that it stops reading and closes the
 * connection, so a receiver cannot make an attempt read without end. Remembers the status
 * as soon as the headers arrive, for the record of an attempt whose body then never
 * completes.
 */
public final class BoundedAnswer implements HttpResponse.BodyHandler<BoundedAnswer.Body> {

	/**
	 * The body read: its first bytes (at most {@code maxBytes}), and whether the receiver
	 * sent more than that ({@code beyondLimit}: reading stopped there).
	 */
	public record Body(byte[] bytes, boolean beyondLimit) {
	}

	private final int maxBytes;

	private volatile int status = -1;

	private volatile @Nullable Reader reader;

	public BoundedAnswer(int maxBytes) {
		this.maxBytes = maxBytes;
	}

	@Override
	public HttpResponse.BodySubscriber<Body> apply(HttpResponse.ResponseInfo info) {
		this.status = info.statusCode();
		Reader created = new Reader(this.maxBytes);
		this.reader = created;
		return created;
	}

	/** The status of the answer's headers, or null when none arrived. */
	public @Nullable Integer status() {
		int code = this.status;
		return code < 0 ? null : code;
	}

	/** Stops reading the body, when the attempt's time is up. */
	public void abandon() {
		Reader current = this.reader;
		if (current != null) {
			current.abandon();
		}
	}

	private static final class Reader implements HttpResponse.BodySubscriber<Body> {

		private final int maxBytes;

		private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

		private final CompletableFuture<Body> body = new CompletableFuture<>();

		private volatile Flow.@Nullable Subscription subscription;

		Reader(int maxBytes) {
			this.maxBytes = maxBytes;
		}

		@Override
		public CompletionStage<Body> getBody() {
			return this.body;
		}

		@Override
		public void onSubscribe(Flow.Subscription subscription) {
			this.subscription = subscription;
			if (this.body.isDone()) {
				subscription.cancel();
				return;
			}
			subscription.request(1);
		}

		@Override
		public void onNext(List<ByteBuffer> buffers) {
			if (this.body.isDone()) {
				return;
			}
			for (ByteBuffer buffer : buffers) {
				int room = this.maxBytes - this.kept.size();
				int taken = Math.min(room, buffer.remaining());
				byte[] chunk = new byte[taken];
				buffer.get(chunk);
				this.kept.write(chunk, 0, taken);
				if (buffer.hasRemaining()) {
					// More than the limit: the answer is as good as read; stop here.
					this.body.complete(new Body(this.kept.toByteArray(), true));
					cancel();
					return;
				}
			}
			Flow.Subscription current = this.subscription;
			if (current != null) {
				current.request(1);
			}
		}

		@Override
		public void onError(Throwable failure) {
			this.body.completeExceptionally(failure);
		}

		@Override
		public void onComplete() {
			this.body.complete(new Body(this.kept.toByteArray(), false));
		}

		void abandon() {
			this.body.cancel(false);
			cancel();
		}

		private void cancel() {
			Flow.Subscription current = this.subscription;
			if (current != null) {
				current.cancel();
			}
		}

	}

}
