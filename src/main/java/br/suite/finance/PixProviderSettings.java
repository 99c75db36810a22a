package br.suite.finance;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How Suite talks to Pix providers ({@code suite.finance.pix-providers.*}): timeouts,
 * retries (429 honouring {@code Retry-After} up to {@code maxRetryAfter}, 5xx and network
 * failures with {@code backoff} doubling), the page size asked of {@code GET /pix}, and
 * the pull sync's windows: {@code overlap} before the last successful sync,
 * {@code firstWindow} when there was none, each request covering at most {@code chunk},
 * and devoluções looked for over {@code refundLookback}. {@code scheduledSync} runs every
 * {@code syncInterval} (once across instances). {@code publicBaseUrl} is where providers
 * reach this service ({@code SUITE_PUBLIC_BASE_URL}); {@code webhookAllowedSources} (IPs
 * or CIDR blocks) limits who may call the webhook, empty: anyone with the path.
 * {@code webhookProcessing} false leaves the inbox to other instances (the tests' many
 * contexts on one database turn it off but in the Pix tests, as they do the scheduled
 * sync). A {@code cob} lives {@code cobExpiration} at the provider; a {@code cobv} stays
 * payable {@code cobvDaysAfterDue} calendar days after its due date. At most
 * {@code maxResponseBytes} of any answer is read (a larger one fails the call), and
 * everything one request of a user asks of a provider (the token, every page, every retry
 * and wait) ends within {@code requestDeadline}; the scheduled sync runs on its own
 * thread, without that deadline.
 */
@ConfigurationProperties("suite.finance.pix-providers")
public record PixProviderSettings(@DefaultValue("10s") Duration connectTimeout,
		@DefaultValue("30s") Duration requestTimeout, @DefaultValue("4") int maxAttempts,
		@DefaultValue("2s") Duration backoff, @DefaultValue("60s") Duration maxRetryAfter,
		@DefaultValue("100") int pageSize, @DefaultValue("1000") int maxPages, @DefaultValue("10m") Duration overlap,
		@DefaultValue("7d") Duration firstWindow, @DefaultValue("5d") Duration chunk,
		@DefaultValue("90d") Duration refundLookback, @DefaultValue("true") boolean scheduledSync,
		@DefaultValue("10m") Duration syncInterval, @DefaultValue("") String publicBaseUrl,
		@DefaultValue("") List<String> webhookAllowedSources, @DefaultValue("true") boolean webhookProcessing,
		@DefaultValue("1d") Duration cobExpiration, @DefaultValue("30") int cobvDaysAfterDue,
		@DefaultValue("1MB") DataSize maxResponseBytes, @DefaultValue("30s") Duration requestDeadline) {

	public PixProviderSettings {
		if (maxResponseBytes.toBytes() < 1024 || maxResponseBytes.toBytes() > Integer.MAX_VALUE) {
			throw new IllegalArgumentException(
					"suite.finance.pix-providers.max-response-bytes must be between 1KB and 2GB");
		}
		if (requestDeadline.isNegative() || requestDeadline.isZero()) {
			throw new IllegalArgumentException("suite.finance.pix-providers.request-deadline must be positive");
		}
	}

}
