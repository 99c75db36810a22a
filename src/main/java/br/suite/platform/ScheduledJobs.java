package br.suite.platform;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.support.ScheduledTaskObservationContext;
import org.springframework.stereotype.Component;

/**
 * When each scheduled job last succeeded, as the gauge {@code suite.job.last.success}
 * (seconds since the epoch, tag {@code job} = the job's ShedLock name; docs/operations.md
 * "Metrics"). A run counts when this instance took the job's lock (a run skipped because
 * another instance holds it is no run) and the method returned without an exception; it
 * is kept in {@code shared_job_run}, which every instance reads every minute, so the
 * gauge shows the last success on any instance and survives restarts. Nothing in the jobs
 * themselves: Spring observes every {@code @Scheduled} run, and the lock provider
 * ({@link SchedulingConfiguration}) tells which run held a lock.
 */
@Component
class ScheduledJobs implements ObservationHandler<ScheduledTaskObservationContext> {

	private static final Logger log = LoggerFactory.getLogger(ScheduledJobs.class);

	/** The lock the current thread's scheduled run took, if any. */
	private static final ThreadLocal<String> LOCKED = new ThreadLocal<>();

	/**
	 * Looked up when used: the observation registry, which needs this handler, is made
	 * before the database is migrated.
	 */
	private final ObjectProvider<JdbcClient> jdbc;

	private final ObjectProvider<MeterRegistry> registry;

	private final Map<String, Double> lastSuccess = new ConcurrentHashMap<>();

	ScheduledJobs(ObjectProvider<JdbcClient> jdbc, ObjectProvider<MeterRegistry> registry) {
		this.jdbc = jdbc;
		this.registry = registry;
	}

	/** The lock provider, telling this class which scheduled run took which lock. */
	static LockProvider tracking(LockProvider delegate) {
		return configuration -> {
			Optional<SimpleLock> lock = delegate.lock(configuration);
			lock.ifPresent(taken -> LOCKED.set(configuration.getName()));
			return lock;
		};
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return context instanceof ScheduledTaskObservationContext;
	}

	@Override
	public void onStart(ScheduledTaskObservationContext context) {
		LOCKED.remove();
	}

	@Override
	public void onStop(ScheduledTaskObservationContext context) {
		String job = LOCKED.get();
		LOCKED.remove();
		if (job == null || context.getError() != null) {
			return;
		}
		try {
			double at = this.jdbc.getObject().sql("""
					INSERT INTO shared_job_run (name, last_success_at) VALUES (:name, now())
					ON CONFLICT (name) DO UPDATE SET last_success_at = excluded.last_success_at
					RETURNING extract(epoch FROM last_success_at)""").param("name", job).query(Double.class).single();
			show(job, at);
		}
		catch (RuntimeException ex) {
			log.warn("Could not record the success of the scheduled job {}: {}", job, ex.toString());
		}
	}

	/** Every minute and at start: the other instances' runs. */
	@EventListener(ApplicationReadyEvent.class)
	@Scheduled(fixedDelayString = "PT1M", initialDelayString = "PT1M")
	void refresh() {
		try {
			this.jdbc.getObject()
				.sql("SELECT name, extract(epoch FROM last_success_at) AS at FROM shared_job_run")
				.query((rs, n) -> Map.entry(rs.getString("name"), rs.getDouble("at")))
				.list()
				.forEach(entry -> show(entry.getKey(), entry.getValue()));
		}
		catch (RuntimeException ex) {
			log.warn("Could not read the scheduled jobs' last runs: {}", ex.toString());
		}
	}

	private void show(String job, double at) {
		boolean first = !this.lastSuccess.containsKey(job);
		this.lastSuccess.merge(job, at, Math::max);
		if (first) {
			Gauge.builder("suite.job.last.success", this.lastSuccess, runs -> runs.getOrDefault(job, Double.NaN))
				.description("When the scheduled job last finished without an error, on any instance")
				.baseUnit("seconds")
				.tag("job", job)
				.register(this.registry.getObject());
		}
	}

}
