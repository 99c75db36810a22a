package br.suite.timeclock;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.EstablishmentReferences;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.documents.TaxId;

/**
 * The employer's establishments: each is one REP-P sequence (its own NSR and hash chain)
 * and the employer data the AFD and the comprovante print. Access asks through
 * {@link EstablishmentReferences} whether an id exists, so the dependency stays timeclock
 * → access.
 */
@Service
public class Establishments implements EstablishmentReferences {

	public static final long DEFAULT = 1;

	private final JdbcClient jdbc;

	private final AfdRecords records;

	Establishments(JdbcClient jdbc, AfdRecords records) {
		this.jdbc = jdbc;
		this.records = records;
	}

	@Override
	@Transactional(readOnly = true)
	public boolean exists(long establishmentId) {
		return find(establishmentId).isPresent();
	}

	@Transactional(readOnly = true)
	public Optional<Establishment> find(long id) {
		return this.jdbc.sql("SELECT * FROM timeclock_establishment WHERE id = :id")
			.param("id", id)
			.query(Establishments::establishment)
			.optional();
	}

	/**
	 * The establishment a request names in {@code establishment_id}, which it must name:
	 * null, with the refusal added to {@code errors}, when absent or unknown.
	 */
	public @Nullable Establishment named(@Nullable Long id, InvalidRequest.Builder errors) {
		if (id == null) {
			errors.add("establishment_id", "is required");
			return null;
		}
		Establishment establishment = find(id).orElse(null);
		if (establishment == null) {
			errors.add("establishment_id", "establishment " + id + " does not exist");
		}
		return establishment;
	}

	/**
	 * The time zone of an employee's establishment ({@code establishmentId}; the default
	 * establishment's when null), São Paulo's when it is gone.
	 */
	public ZoneId zoneOf(@Nullable Long establishmentId) {
		return find(establishmentId == null ? DEFAULT : establishmentId).map(Establishment::timeZone)
			.orElse(DateTimes.BRAZIL);
	}

	public Establishment get(long id) {
		return find(id).orElseThrow(() -> new TimeclockProblems.EstablishmentNotFound(id));
	}

	@Transactional(readOnly = true)
	public List<Establishment> list() {
		return this.jdbc.sql("SELECT * FROM timeclock_establishment ORDER BY id")
			.query(Establishments::establishment)
			.list();
	}

	/** Creates the establishment and, in the same transaction, its AFD type 2 (NSR 1). */
	@Transactional
	Establishment create(EstablishmentRequest request, long actorId) {
		Valid valid = validate(request);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_establishment (name, employer_document, cei_caepf_cno, address, time_zone, active,
				    last_nsr, last_hash)
				VALUES (:name, :document, :cno, :address, :zone, :active, 0, :genesis)
				RETURNING id""").params(valid.fields(request)).param("genesis", Afd.GENESIS).query(Long.class).single();
		Establishment created = get(id);
		this.records.employer(created, actorId);
		return get(id);
	}

	/**
	 * Changes the establishment; a change of its employer data writes an AFD type 2 in
	 * the same transaction.
	 */
	@Transactional
	Establishment update(long id, Function<Establishment, EstablishmentRequest> changes, long actorId) {
		Establishment current = this.jdbc.sql("SELECT * FROM timeclock_establishment WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(Establishments::establishment)
			.optional()
			.orElseThrow(() -> new TimeclockProblems.EstablishmentNotFound(id));
		EstablishmentRequest request = changes.apply(current);
		Valid valid = validate(request);
		this.jdbc.sql("""
				UPDATE timeclock_establishment SET name = :name, employer_document = :document, cei_caepf_cno = :cno,
				    address = :address, time_zone = :zone, active = :active, updated_at = now()
				WHERE id = :id""").params(valid.fields(request)).param("id", id).update();
		this.records.employer(get(id), actorId);
		return get(id);
	}

	private record Valid(String document, ZoneId zone) {

		/** The stored fields of the establishment, by their statement parameter names. */
		Map<String, @Nullable Object> fields(EstablishmentRequest request) {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("name", request.name());
			fields.put("document", this.document);
			fields.put("cno", request.ceiCaepfCno());
			fields.put("address", request.address());
			fields.put("zone", this.zone.getId());
			fields.put("active", Boolean.TRUE.equals(request.active()));
			return fields;
		}

	}

	private static Valid validate(EstablishmentRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String document = null;
		try {
			document = TaxId.parse(request.employerDocument()).value();
		}
		catch (InvalidTaxId invalid) {
			errors.add("employer_document", invalid.getMessage());
		}
		ZoneId zone = zone("time_zone", request.timeZone(), errors);
		errors.throwIfAny();
		return new Valid(document, zone);
	}

	/**
	 * An IANA region id (America/Manaus); fixed offsets and abbreviations are refused.
	 */
	static @Nullable ZoneId zone(String field, @Nullable String value, InvalidRequest.Builder errors) {
		if (value == null || !ZoneId.getAvailableZoneIds().contains(value)) {
			errors.add(field, "must be an IANA time zone id such as America/Sao_Paulo");
			return null;
		}
		return ZoneId.of(value);
	}

	private static Establishment establishment(ResultSet rs, int n) throws SQLException {
		return new Establishment(rs.getLong("id"), rs.getString("name"), rs.getString("employer_document"),
				rs.getString("cei_caepf_cno"), rs.getString("address"), ZoneId.of(rs.getString("time_zone")),
				rs.getBoolean("active"), rs.getLong("last_nsr"));
	}

}
