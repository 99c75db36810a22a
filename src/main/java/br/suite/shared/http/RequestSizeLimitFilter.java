package br.suite.shared.http;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses bodies over the limit with 413 before anything reads them: JSON bodies up to 1
 * MiB, uploads (punch snapshots, photos, files, CSV) up to 8 MiB, CSV import
 * confirmations up to 64 MiB. A body without a length is counted while it is read.
 */
public class RequestSizeLimitFilter extends OncePerRequestFilter {

	private final Map<String, Long> limitsBySuffix = new HashMap<>();

	private final Problems problems;

	RequestSizeLimitFilter(List<BodyLimits> modules, Problems problems) {
		for (BodyLimits module : modules) {
			module.bySuffix().forEach((suffix, limit) -> {
				if (this.limitsBySuffix.putIfAbsent(suffix, limit) != null) {
					throw new IllegalStateException("Two body limits for the path suffix " + suffix);
				}
			});
		}
		for (BodyLimits module : modules) {
			module.sameAs().forEach((suffix, target) -> {
				Long limit = this.limitsBySuffix.get(target);
				if (limit == null) {
					throw new IllegalStateException(
							"The body limit of " + suffix + " is that of " + target + ", which no module declares");
				}
				if (this.limitsBySuffix.putIfAbsent(suffix, limit) != null) {
					throw new IllegalStateException("Two body limits for the path suffix " + suffix);
				}
			});
		}
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		long limit = limitFor(request.getRequestURI());
		long declared = request.getContentLengthLong();
		if (declared > limit) {
			this.problems.write(response, HttpStatus.CONTENT_TOO_LARGE, "Request body too large",
					"The request body has " + declared + " bytes; the limit here is " + limit + " bytes.");
			return;
		}
		chain.doFilter(new Limited(request, limit), response);
	}

	long limitFor(String uri) {
		String path = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
		String longest = "";
		long limit = BodyLimits.JSON;
		for (Map.Entry<String, Long> entry : this.limitsBySuffix.entrySet()) {
			if (path.endsWith(entry.getKey()) && entry.getKey().length() > longest.length()) {
				longest = entry.getKey();
				limit = entry.getValue();
			}
		}
		return limit;
	}

	/** Thrown while reading a body that grows past the limit; mapped to 413. */
	public static class PayloadTooLarge extends IOException {

		PayloadTooLarge(long limit) {
			super("The request body is larger than the limit of " + limit + " bytes.");
		}

	}

	private static final class Limited extends HttpServletRequestWrapper {

		private final long limit;

		private ServletInputStream stream;

		Limited(HttpServletRequest request, long limit) {
			super(request);
			this.limit = limit;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.stream == null) {
				this.stream = new Counting(super.getInputStream(), this.limit);
			}
			return this.stream;
		}

	}

	private static final class Counting extends ServletInputStream {

		private final ServletInputStream delegate;

		private final long limit;

		private long count;

		Counting(ServletInputStream delegate, long limit) {
			this.delegate = delegate;
			this.limit = limit;
		}

		@Override
		public int read() throws IOException {
			int b = this.delegate.read();
			if (b >= 0) {
				count(1);
			}
			return b;
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = this.delegate.read(b, off, len);
			if (n > 0) {
				count(n);
			}
			return n;
		}

		private void count(long n) throws PayloadTooLarge {
			this.count += n;
			if (this.count > this.limit) {
				throw new PayloadTooLarge(this.limit);
			}
		}

		@Override
		public boolean isFinished() {
			return this.delegate.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.delegate.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.delegate.setReadListener(listener);
		}

	}

}
