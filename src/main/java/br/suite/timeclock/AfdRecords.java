package br.suite.timeclock;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.access.EmployeeDataChanged;

/**
 * The AFD records other than punches, written when what they record happens: type 2 when
 * an establishment's employer data is set or changed, type 5 when an employee enters (I),
 * changes name (A) or leaves (E) an establishment's REP-P. Each takes the next NSR of the
 * establishment's sequence, shared with the punches and taken under the same row lock, in
 * the transaction of the change, so the change and its record commit together or not at
 * all. Types 4 and 6 are never written (docs/api.md § Time clock as a REP-P says why).
 */
@Service
public class AfdRecords {

	private final JdbcClient jdbc;

	private final AccessDirectory users;

	AfdRecords(JdbcClient jdbc, AccessDirectory users) {
		this.jdbc = jdbc;
		this.users = users;
	}

	/**
	 * A record as the AFD writes it, with when it was recorded (for selecting a period).
	 */
	public record Stored(long nsr, char type, String line, Instant recordedAt) {
	}

	/**
	 * A type 2 for the establishment's employer data when it has a CNPJ/CPF and the data
	 * differ from its last type 2 (the date-time and the person responsible aside);
	 * nothing otherwise.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	void employer(Establishment establishment, @Nullable Long actorId) {
		String document = establishment.employerDocument();
		if (document == null) {
			return;
		}
		Optional<String> last = this.jdbc
			.sql("SELECT line FROM timeclock_afd_record WHERE establishment_id = :id "
					+ "AND record_type = '2' ORDER BY nsr DESC LIMIT 1")
			.param("id", establishment.id())
			.query(String.class)
			.optional();
		Instant now = now();
		String candidate = Afd.employerRecord(0, now, establishment.timeZone(), null,
				establishment.employerDocumentType(), document, establishment.ceiCaepfCno(), establishment.name(),
				establishment.address());
		if (last.isPresent() && employerData(last.get()).equals(employerData(candidate))) {
			return;
		}
		Slot slot = take(establishment.id());
		String line = Afd.employerRecord(slot.nsr(), now, slot.zone(), cpfOf(actorId),
				establishment.employerDocumentType(), document, establishment.ceiCaepfCno(), establishment.name(),
				establishment.address());
		insert(establishment.id(), slot.nsr(), '2', null, null, null, null, actorId, now, line);
	}

	/**
	 * Positions 49-327 of a type 2: the employer's data without NSR, date-time and person
	 * responsible.
	 */
	private static String employerData(String line) {
		return line.substring(48, 327);
	}

	/**
	 * Brings the user's type-5 records in line with the user as saved: an active employee
	 * with a CPF is included in their establishment (1 when they have none, where their
	 * punches go), anyone else in none. Compared with the last type 5 of the user in each
	 * establishment: leaving one writes E there, entering one writes I, a new name writes
	 * A, a new CPF writes E (the old CPF) and I (the new), because the CPF is the only
	 * key a reader of the file has. Runs in the transaction of the change, under a
	 * per-user lock, so concurrent changes of one user never both include them.
	 */
	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	void on(EmployeeDataChanged user) {
		this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended('timeclock.afd.employee:' || :id, 0))")
			.param("id", user.userId())
			.query((rs, n) -> 1)
			.list();
		record Inclusion(long establishmentId, String cpf, String name) {
		}
		List<Inclusion> included = this.jdbc.sql("""
				SELECT DISTINCT ON (establishment_id) establishment_id, operation, employee_cpf, employee_name
				FROM timeclock_afd_record WHERE record_type = '5' AND user_id = :id
				ORDER BY establishment_id, nsr DESC""")
			.param("id", user.userId())
			.query((rs, n) -> "E".equals(rs.getString("operation")) ? null
					: new Inclusion(rs.getLong("establishment_id"), rs.getString("employee_cpf"),
							rs.getString("employee_name")))
			.list()
			.stream()
			.filter(java.util.Objects::nonNull)
			.toList();
		Inclusion wanted = user.active() && user.employee() && user.cpf() != null
				? new Inclusion(user.establishmentId() == null ? Establishments.DEFAULT : user.establishmentId(),
						user.cpf(), user.name())
				: null;
		record Write(long establishmentId, char operation, String cpf, String name) {
		}
		List<Write> writes = new ArrayList<>();
		boolean wantedIsIn = false;
		for (Inclusion in : included) {
			if (wanted == null || wanted.establishmentId() != in.establishmentId()) {
				writes.add(new Write(in.establishmentId(), 'E', in.cpf(), in.name()));
			}
			else if (!in.cpf().equals(wanted.cpf())) {
				writes.add(new Write(in.establishmentId(), 'E', in.cpf(), in.name()));
				writes.add(new Write(in.establishmentId(), 'I', wanted.cpf(), wanted.name()));
				wantedIsIn = true;
			}
			else {
				if (!Afd.pad(in.name(), 52).equals(Afd.pad(wanted.name(), 52))) {
					writes.add(new Write(in.establishmentId(), 'A', wanted.cpf(), wanted.name()));
				}
				wantedIsIn = true;
			}
		}
		if (wanted != null && !wantedIsIn) {
			writes.add(new Write(wanted.establishmentId(), 'I', wanted.cpf(), wanted.name()));
		}
		if (writes.isEmpty()) {
			return;
		}
		// Establishment rows are locked in id order, as every writer of two of them does,
		// so two moves never deadlock.
		List<Write> ordered = writes.stream().sorted(Comparator.comparingLong(Write::establishmentId)).toList();
		String responsible = cpfOf(user.actorId());
		Instant now = now();
		for (Write write : ordered) {
			Slot slot = take(write.establishmentId());
			String line = Afd.employeeRecord(slot.nsr(), now, slot.zone(), write.operation(), write.cpf(), write.name(),
					responsible);
			insert(write.establishmentId(), slot.nsr(), '5', write.operation(), user.userId(), write.cpf(),
					write.name(), user.actorId(), now, line);
		}
	}

	/**
	 * The records of the establishment recorded from {@code from} (inclusive) to
	 * {@code to} (exclusive), either open, in NSR order.
	 */
	@Transactional(readOnly = true)
	public List<Stored> between(long establishmentId, @Nullable Instant from, @Nullable Instant to) {
		return this.jdbc
			.sql("SELECT nsr, record_type, line, recorded_at FROM timeclock_afd_record "
					+ "WHERE establishment_id = :id AND recorded_at >= :from AND recorded_at < :to ORDER BY nsr")
			.param("id", establishmentId)
			.param("from", Timestamp.from(from == null ? Instant.EPOCH : from))
			.param("to", Timestamp.from(to == null ? Instant.parse("9999-12-31T00:00:00Z") : to))
			.query((rs, n) -> new Stored(rs.getLong("nsr"), rs.getString("record_type").charAt(0), rs.getString("line"),
					rs.getTimestamp("recorded_at").toInstant()))
			.list();
	}

	private record Slot(long nsr, ZoneId zone) {
	}

	/**
	 * The establishment's next NSR, taken under its row lock (held until the transaction
	 * ends, as for punches).
	 */
	private Slot take(long establishmentId) {
		return this.jdbc
			.sql("UPDATE timeclock_establishment SET last_nsr = last_nsr + 1 WHERE id = :id "
					+ "RETURNING last_nsr, time_zone")
			.param("id", establishmentId)
			.query((rs, n) -> new Slot(rs.getLong("last_nsr"), ZoneId.of(rs.getString("time_zone"))))
			.single();
	}

	private void insert(long establishmentId, long nsr, char type, @Nullable Character operation, @Nullable Long userId,
			@Nullable String cpf, @Nullable String name, @Nullable Long actorId, Instant recordedAt, String line) {
		this.jdbc.sql("""
				INSERT INTO timeclock_afd_record (establishment_id, nsr, record_type, operation, user_id, employee_cpf,
				    employee_name, actor_id, recorded_at, line)
				VALUES (:establishment, :nsr, :type, :operation, :user, :cpf, :name, :actor, :recordedAt, :line)""")
			.param("establishment", establishmentId)
			.param("nsr", nsr)
			.param("type", String.valueOf(type))
			.param("operation", operation == null ? null : String.valueOf(operation))
			.param("user", userId)
			.param("cpf", cpf)
			.param("name", name)
			.param("actor", actorId)
			.param("recordedAt", Timestamp.from(recordedAt))
			.param("line", line)
			.update();
	}

	/**
	 * The CPF of the person responsible: the acting user's, null when they have none or
	 * the system acted.
	 */
	private @Nullable String cpfOf(@Nullable Long actorId) {
		return actorId == null ? null : this.users.find(actorId).map(AccessDirectory.UserSummary::cpf).orElse(null);
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
