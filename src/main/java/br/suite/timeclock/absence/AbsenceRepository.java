package br.suite.timeclock.absence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.timeclock.jornada.Absence;
import br.suite.timeclock.jornada.AbsenceKind;

/**
 * The absences' storage ({@code timeclock_absence}, with the certificate's bytes), in the
 * caller's transaction: {@link Absences} checks, keeps closed months closed and audits.
 */
@Repository
class AbsenceRepository {

	/** The advisory-lock space of an employee's absences. */
	private static final int LOCK_SPACE = 24_0004;

	private static final String COLUMNS = "id, employee_id, date_from, date_to, kind, note, certificate IS NOT NULL "
			+ "AS has_certificate, certificate_content_type, certificate_sha256, created_by, created_at, request_id";

	private final JdbcClient jdbc;

	AbsenceRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A page of absences in date order; a null filter matches all. */
	ListQuery.Page<AbsenceResponse> list(@Nullable Long employeeId, @Nullable LocalDate from, @Nullable LocalDate to,
			Paging paging) {
		return ListQuery.of(this.jdbc, COLUMNS, "timeclock_absence")
			.where("employee_id = :employee", "employee", employeeId)
			.where("date_to >= :from", "from", from)
			.where("date_from <= :to", "to", to)
			.orderBy("date_from, id")
			.page(paging, (rs, n) -> response(rs));
	}

	Optional<AbsenceResponse> find(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_absence WHERE id = :id")
			.param("id", id)
			.query((rs, n) -> response(rs))
			.optional();
	}

	/**
	 * Serialises the employee's absences until the transaction ends, so two writers
	 * cannot both find a date free.
	 */
	void lockEmployee(long employeeId) {
		this.jdbc.sql("SELECT pg_advisory_xact_lock(:space, :employee)")
			.param("space", LOCK_SPACE)
			.param("employee", (int) (employeeId % Integer.MAX_VALUE))
			.query((rs, n) -> 1)
			.list();
	}

	/** The first of the employee's absences that touches the dates. */
	Optional<Long> overlapping(long employeeId, LocalDate from, LocalDate to) {
		return this.jdbc.sql("""
				SELECT id FROM timeclock_absence
				WHERE employee_id = :employee AND date_from <= :to AND date_to >= :from ORDER BY id LIMIT 1""")
			.param("employee", employeeId)
			.param("from", from)
			.param("to", to)
			.query(Long.class)
			.optional();
	}

	long insert(long employeeId, LocalDate from, LocalDate to, AbsenceKind kind, String note, long actorId,
			@Nullable Long requestId) {
		return this.jdbc.sql("""
				INSERT INTO timeclock_absence (employee_id, date_from, date_to, kind, note, created_by, request_id)
				VALUES (:employee, :from, :to, :kind, :note, :actor, :request) RETURNING id""")
			.param("employee", employeeId)
			.param("from", from)
			.param("to", to)
			.param("kind", kind.wire())
			.param("note", note)
			.param("actor", actorId)
			.param("request", requestId)
			.query(Long.class)
			.single();
	}

	void delete(long id) {
		this.jdbc.sql("DELETE FROM timeclock_absence WHERE id = :id").param("id", id).update();
	}

	/** Sets (or replaces) the absence's certificate: its bytes, type and SHA-256. */
	void attach(long id, Absences.Certificate certificate) {
		this.jdbc.sql("""
				UPDATE timeclock_absence SET certificate = :body, certificate_content_type = :type,
				    certificate_sha256 = :sha WHERE id = :id""").params(certificate.columns(id)).update();
	}

	byte[] certificateBytes(long id) {
		return this.jdbc.sql("SELECT certificate FROM timeclock_absence WHERE id = :id")
			.param("id", id)
			.query(byte[].class)
			.single();
	}

	/** The employee's absences that touch the dates, as the computation takes them. */
	List<Absence> between(long employeeId, LocalDate from, LocalDate to) {
		return this.jdbc.sql("""
				SELECT date_from, date_to, kind FROM timeclock_absence
				WHERE employee_id = :employee AND date_to >= :from AND date_from <= :to""")
			.param("employee", employeeId)
			.param("from", from)
			.param("to", to)
			.query((rs, n) -> new Absence(rs.getObject("date_from", LocalDate.class),
					rs.getObject("date_to", LocalDate.class), AbsenceKind.fromWire(rs.getString("kind"))))
			.list();
	}

	private static AbsenceResponse response(ResultSet rs) throws SQLException {
		String kind = rs.getString("kind");
		return new AbsenceResponse(rs.getLong("id"), rs.getLong("employee_id"),
				rs.getObject("date_from", LocalDate.class), rs.getObject("date_to", LocalDate.class), kind,
				!"falta".equals(kind), rs.getString("note"), rs.getBoolean("has_certificate"),
				rs.getString("certificate_content_type"), rs.getString("certificate_sha256"), rs.getLong("created_by"),
				rs.getTimestamp("created_at").toInstant(), rs.getObject("request_id", Long.class));
	}

}
