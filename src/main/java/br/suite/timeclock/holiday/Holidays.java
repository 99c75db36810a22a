package br.suite.timeclock.holiday;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.jornada.NationalHolidays;

/**
 * Holidays (jornada-clt.md §4): the national ones computed for any year, the company's
 * state and municipal ones stored per establishment or for all.
 */
@Service
public class Holidays {

	public static final int FIRST_YEAR = 1950;

	public static final int LAST_YEAR = 2999;

	private final JdbcClient jdbc;

	private final AuditLog audit;

	Holidays(JdbcClient jdbc, AuditLog audit) {
		this.jdbc = jdbc;
		this.audit = audit;
	}

	@Transactional(readOnly = true)
	List<HolidayResponse> list(@Nullable String yearText, @Nullable String establishmentText) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Integer year = null;
		try {
			year = yearText == null ? null : Integer.valueOf(yearText.strip());
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		if (year == null || year < FIRST_YEAR || year > LAST_YEAR) {
			errors.add("year", "is required, a year from " + FIRST_YEAR + " to " + LAST_YEAR);
		}
		Long establishment = null;
		if (establishmentText != null) {
			try {
				establishment = Long.valueOf(establishmentText.strip());
			}
			catch (NumberFormatException ex) {
				errors.add("establishment_id", "must be an establishment id");
			}
		}
		errors.throwIfAny();
		if (establishment != null && !establishmentExists(establishment)) {
			throw InvalidRequest.of("establishment_id", "establishment " + establishment + " does not exist");
		}
		List<HolidayResponse> result = new ArrayList<>();
		for (NationalHolidays.Holiday holiday : NationalHolidays.of(year)) {
			result.add(new HolidayResponse(null, holiday.date(), holiday.name(), "national", null, holiday.law()));
		}
		result.addAll(
				company(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31), establishment, establishment == null));
		result.sort(Comparator.comparing(HolidayResponse::date).thenComparing(h -> h.id() == null ? 0 : h.id()));
		return result;
	}

	/**
	 * The dates from {@code from} to {@code to} that are holidays for the establishment.
	 */
	@Transactional(readOnly = true)
	public Set<LocalDate> datesFor(long establishmentId, LocalDate from, LocalDate to) {
		Set<LocalDate> dates = new HashSet<>();
		for (int year = from.getYear(); year <= to.getYear(); year++) {
			NationalHolidays.of(year).forEach(h -> dates.add(h.date()));
		}
		company(from, to, establishmentId, false).forEach(h -> dates.add(h.date()));
		dates.removeIf(d -> d.isBefore(from) || d.isAfter(to));
		return dates;
	}

	private List<HolidayResponse> company(LocalDate from, LocalDate to, @Nullable Long establishment, boolean all) {
		return this.jdbc.sql("""
				SELECT * FROM timeclock_holiday
				WHERE date BETWEEN :from AND :to
				  AND (:all OR establishment_id IS NULL OR establishment_id = :establishment)
				ORDER BY date, id""")
			.param("from", from)
			.param("to", to)
			.param("all", all)
			.param("establishment", establishment)
			.query((rs, n) -> new HolidayResponse(rs.getLong("id"), rs.getObject("date", LocalDate.class),
					rs.getString("name"), rs.getString("scope"), (Long) rs.getObject("establishment_id", Long.class),
					null))
			.list();
	}

	@Transactional
	HolidayResponse create(HolidayRequest request, long actorId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.date() == null) {
			errors.add("date", "is required (YYYY-MM-DD)");
		}
		else if (request.date().getYear() < FIRST_YEAR || request.date().getYear() > LAST_YEAR) {
			errors.add("date", "must be in the years " + FIRST_YEAR + " to " + LAST_YEAR);
		}
		if (request.name() == null || request.name().isEmpty() || request.name().length() > 120) {
			errors.add("name", "is required, 1 to 120 characters");
		}
		if ("national".equals(request.scope())) {
			errors.add("scope", "national holidays are built in; a company adds state or municipal ones");
		}
		else if (!"state".equals(request.scope()) && !"municipal".equals(request.scope())) {
			errors.add("scope", "must be state or municipal");
		}
		if (request.establishmentId() != null && !establishmentExists(request.establishmentId())) {
			errors.add("establishment_id", "establishment " + request.establishmentId() + " does not exist");
		}
		errors.throwIfAny();
		long id;
		try {
			id = this.jdbc.sql("""
					INSERT INTO timeclock_holiday (date, name, scope, establishment_id, created_by)
					VALUES (:date, :name, :scope, :establishment, :actor) RETURNING id""")
				.param("date", request.date())
				.param("name", request.name())
				.param("scope", request.scope())
				.param("establishment", request.establishmentId())
				.param("actor", actorId)
				.query(Long.class)
				.single();
		}
		catch (DuplicateKeyException ex) {
			throw new TimeclockProblems.HolidayExists(request.date(), request.establishmentId());
		}
		this.audit.record("timeclock.holiday.created", "holiday", id,
				AuditLog.Changes.of()
					.created("date", request.date().toString())
					.created("name", request.name())
					.created("scope", request.scope())
					.created("establishment_id", request.establishmentId()));
		return new HolidayResponse(id, request.date(), request.name(), request.scope(), request.establishmentId(),
				null);
	}

	@Transactional
	void delete(long id) {
		HolidayResponse holiday = this.jdbc.sql("SELECT * FROM timeclock_holiday WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query((rs, n) -> new HolidayResponse(rs.getLong("id"), rs.getObject("date", LocalDate.class),
					rs.getString("name"), rs.getString("scope"), (Long) rs.getObject("establishment_id", Long.class),
					null))
			.optional()
			.orElseThrow(() -> new TimeclockProblems.HolidayNotFound(id));
		this.jdbc.sql("DELETE FROM timeclock_holiday WHERE id = :id").param("id", id).update();
		this.audit.record("timeclock.holiday.deleted", "holiday", id,
				AuditLog.Changes.of()
					.put("date", holiday.date().toString(), null)
					.put("name", holiday.name(), null)
					.put("scope", holiday.scope(), null)
					.put("establishment_id", holiday.establishmentId(), null));
	}

	private boolean establishmentExists(long id) {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_establishment WHERE id = :id")
			.param("id", id)
			.query(Long.class)
			.single() > 0;
	}

}
