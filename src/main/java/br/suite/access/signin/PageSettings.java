package br.suite.access.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Session lengths of the pages: {@code sessionTimeout} for people in the back office,
 * {@code kioskTimeout} for a kiosk account (signed in once on a tablet, so it lasts a
 * working day and more).
 */
@ConfigurationProperties("suite.web")
record PageSettings(@DefaultValue("30m") Duration sessionTimeout, @DefaultValue("16h") Duration kioskTimeout) {
}
