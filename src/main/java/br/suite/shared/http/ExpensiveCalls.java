package br.suite.shared.http;

import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Metrics;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;

/**
 * Enforces {@link RateLimited}: one token bucket per user and kind (Bucket4j, as the
 * sign-in limit per address), kept in this instance's memory. Runs after the permission
 * check, so a caller without the permission is refused (403) without using up a call.
 * Beyond the limit an API call answers 429 problem details with {@code Retry-After}, a
 * page the Portuguese page at {@link #PAGE}; either way before the handler runs, so the
 * refused call does nothing.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
public class ExpensiveCalls implements WebMvcConfigurer, HandlerInterceptor {

	/** The page a refused page request is forwarded to (served by the web shell). */
	public static final String PAGE = "/app/aguarde";

	/** The request attribute that tells that page how many seconds to wait. */
	public static final String RETRY_AFTER_ATTRIBUTE = ExpensiveCalls.class.getName() + ".retryAfter";

	private final RateLimitSettings settings;

	private final Map<RateLimited.Kind, Long> capacities = new EnumMap<>(RateLimited.Kind.class);

	private final Cache<Key, Bucket> buckets;

	ExpensiveCalls(RateLimitSettings settings) {
		this.settings = settings;
		for (RateLimited.Kind kind : RateLimited.Kind.values()) {
			this.capacities.put(kind, settings.capacity(kind));
		}
		this.buckets = Caffeine.newBuilder()
			.maximumSize(100_000)
			.expireAfterAccess(settings.period().multipliedBy(2))
			.build();
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		// After PermissionCheck (order 0).
		registry.addInterceptor(this).order(100);
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
			throws ServletException, IOException {
		if (!(handler instanceof HandlerMethod method)) {
			return true;
		}
		RateLimited limited = method.getMethodAnnotation(RateLimited.class);
		if (limited == null) {
			return true;
		}
		Duration wait = waitFor(CurrentUser.get().id(), limited.value());
		if (wait == null) {
			return true;
		}
		Metrics.counter("suite.rate_limited", "kind", limited.value().name().toLowerCase(Locale.ROOT)).increment();
		TooManyRequests refusal = new TooManyRequests(wait);
		boolean api = method.hasMethodAnnotation(ResponseBody.class)
				|| AnnotatedElementUtils.hasAnnotation(method.getBeanType(), ResponseBody.class);
		if (api) {
			throw refusal;
		}
		response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(refusal.retryAfterSeconds()));
		request.setAttribute(RETRY_AFTER_ATTRIBUTE, refusal.retryAfterSeconds());
		request.getRequestDispatcher(PAGE).forward(request, response);
		return false;
	}

	/** Null when the user may go ahead (a call is counted), else how long to wait. */
	private synchronized @Nullable Duration waitFor(long user, RateLimited.Kind kind) {
		long capacity = this.capacities.get(kind);
		Bucket bucket = this.buckets.get(new Key(user, kind),
				k -> Bucket.builder()
					.addLimit(limit -> limit.capacity(capacity).refillGreedy(capacity, this.settings.period()))
					.build());
		ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
		return probe.isConsumed() ? null : Duration.ofNanos(probe.getNanosToWaitForRefill());
	}

	/**
	 * Sets a kind's capacity on the running service (buckets start afresh); tests lower
	 * it for a user of their own and put the previous value back with what this returns.
	 */
	public synchronized long capacity(RateLimited.Kind kind, long capacity) {
		long previous = this.capacities.put(kind, capacity);
		this.buckets.invalidateAll();
		return previous;
	}

	private record Key(long user, RateLimited.Kind kind) {
	}

	/** 429 with Retry-After (whole seconds, at least 1). */
	public static final class TooManyRequests extends ApiProblem {

		private final long retryAfterSeconds;

		TooManyRequests(Duration wait) {
			super(HttpStatus.TOO_MANY_REQUESTS, "Too many calls of this kind for now; try again in "
					+ Math.max(1, (wait.toMillis() + 999) / 1000) + " s.");
			this.retryAfterSeconds = Math.max(1, (wait.toMillis() + 999) / 1000);
			with("retry_after_seconds", this.retryAfterSeconds);
		}

		public long retryAfterSeconds() {
			return this.retryAfterSeconds;
		}

	}

}
