package br.suite.web;

import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.shared.BodyLimits;

/**
 * The pages that carry an upload take the limit of the API operation they feed: the
 * kiosk's punch (a camera snapshot, base64 in a form) that of
 * {@code /api/timeclock/punch/register/}, the import wizard's upload (a multipart form)
 * that of {@code /api/prepare-csv-import/}. Without them a page body stopped at 1 MiB,
 * and a punch with a sharp camera's snapshot was refused.
 */
@Configuration(proxyBeanMethods = false)
class PageBodyLimits {

	@Bean
	BodyLimits pageRouteLimits() {
		return BodyLimits.sameAs(Map.of("/kiosk/punch", "/punch/register", "/app/import", "/prepare-csv-import"));
	}

}
