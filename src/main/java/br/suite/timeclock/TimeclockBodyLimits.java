package br.suite.timeclock;

import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.shared.http.BodyLimits;

/**
 * Punch snapshots and employee photos arrive as base64 in JSON: 8 MiB of image is about
 * 10.7 MiB of JSON. The kiosk's punch page (a camera snapshot in a form) takes the limit
 * of the API's punch: without it a page body stopped at 1 MiB, and a punch with a sharp
 * camera's snapshot was refused.
 */
@Configuration(proxyBeanMethods = false)
class TimeclockBodyLimits {

	@Bean
	BodyLimits timeclockRouteLimits() {
		return new BodyLimits(
				Map.of("/punch/register", BodyLimits.UPLOAD_AS_BASE64_JSON, "/photo", BodyLimits.UPLOAD_AS_BASE64_JSON,
						"/certificate", BodyLimits.UPLOAD),
				// The kiosk page's punch carries the same snapshot, base64 in a form.
				Map.of("/kiosk/punch", "/punch/register"));
	}

}
