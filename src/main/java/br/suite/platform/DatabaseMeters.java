package br.suite.platform;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.stereotype.Component;

/**
 * {@code suite.database.up} (docs/operations.md "Metrics"): 1 when a pooled connection
 * answers a validity check at the scrape, 0 otherwise (within the pool's bounded waits:
 * about 1.5 s at most while the database is away). The pool's own figures come from
 * Boot's Hikari metrics ({@code hikaricp_*}).
 */
@Component
class DatabaseMeters implements MeterBinder {

	private final DataSource dataSource;

	DatabaseMeters(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("suite.database.up", this, DatabaseMeters::up)
			.description("1 when the database answers, 0 when it does not")
			.strongReference(true)
			.register(registry);
	}

	private double up() {
		try (Connection connection = this.dataSource.getConnection()) {
			return connection.isValid(1) ? 1 : 0;
		}
		catch (SQLException | RuntimeException ex) {
			return 0;
		}
	}

}
