package br.suite.timeclock;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.EstablishmentReferences;
import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.InvalidTaxId;
import br.suite.shared.TaxId;

/**
 * The employer's establishments: each is one REP-P sequence (its own NSR and hash chain) and the employer
 * data the AFD and the comprovante print. Access asks through {@link EstablishmentReferences} whether an id
 * exists, so the dependency stays timeclock → access.
 */
@Service
class Establishments implements EstablishmentReferences {

	static final long DEFAULT = 1;

	private final JdbcClient jdbc;

	Establishments(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The writable fields; {@code time_zone} defaults to America/Sao_Paulo, {@code active} to true. */
	record EstablishmentRequest(@Schema(description = "Razão social or the employer's name") @NotBlank @Size(max = 150) String name,
			@Schema(description = "CNPJ (14) or CPF (11), with or without punctuation; stored normalised") @NotBlank String employerDocument,
			@Schema(description = "CEI, CAEPF or CNO, up to 14 digits") @Nullable @Pattern(regexp = "\\d{0,14}", message = "must be up to 14 digits") String ceiCaepfCno,
			@Schema(description = "Address (local de prestação de serviços)") @Nullable @Size(max = 100) String address,
			@Schema(description = "IANA time zone, e.g. America/Manaus") @Nullable String timeZone,
			@Nullable Boolean active) {

		EstablishmentRequest {
			ceiCaepfCno = ceiCaepfCno == null ? "" : ceiCaepfCno.trim();
			address = address == null ? "" : address.trim();
			timeZone = timeZone == null ? DateTimes.BRAZIL_ZONE_ID : timeZone.trim();
			active = active == null || active;
			name = name == null ? null : name.trim();
		}

		static EstablishmentRequest of(Establishment e) {
			return new EstablishmentRequest(e.name(), e.employerDocument(), e.ceiCaepfCno(), e.address(),
					e.timeZone().getId(), e.active());
		}

	}

	/** An establishment as stored; {@code employer_document} is null only on the migrated establishment 1 until set. */
	record Establishment(long id, String name, @Nullable String employerDocument, String ceiCaepfCno, String address,
			ZoneId timeZone, boolean active, long lastNsr) {

		/** {@code 1} for a CNPJ, {@code 2} for a CPF (AFD field "tipo do identificador do empregador"). */
		int employerDocumentType() {
			return this.employerDocument != null && this.employerDocument.length() == 11 ? 2 : 1;
		}

	}

	record EstablishmentResponse(long id, String name, @Nullable String employerDocument, String ceiCaepfCno,
			String address, String timeZone, boolean active, long lastNsr) {

		static EstablishmentResponse from(Establishment e) {
			return new EstablishmentResponse(e.id(), e.name(), e.employerDocument(), e.ceiCaepfCno(), e.address(),
					e.timeZone().getId(), e.active(), e.lastNsr());
		}

	}

	@Override
	@Transactional(readOnly = true)
	public boolean exists(long establishmentId) {
		return find(establishmentId).isPresent();
	}

	@Transactional(readOnly = true)
	Optional<Establishment> find(long id) {
		return this.jdbc.sql("SELECT * FROM timeclock_establishment WHERE id = :id")
			.param("id", id)
			.query(Establishments::establishment)
			.optional();
	}

	Establishment get(long id) {
		return find(id).orElseThrow(() -> new ApiProblem.NotFound("Establishment", id));
	}

	@Transactional(readOnly = true)
	List<Establishment> list() {
		return this.jdbc.sql("SELECT * FROM timeclock_establishment ORDER BY id").query(Establishments::establishment).list();
	}

	@Transactional
	Establishment create(EstablishmentRequest request) {
		Valid valid = validate(request);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_establishment (name, employer_document, cei_caepf_cno, address, time_zone, active,
				    last_nsr, last_hash)
				VALUES (:name, :document, :cno, :address, :zone, :active, 0, :genesis)
				RETURNING id""")
			.param("name", request.name())
			.param("document", valid.document())
			.param("cno", request.ceiCaepfCno())
			.param("address", request.address())
			.param("zone", valid.zone().getId())
			.param("active", Boolean.TRUE.equals(request.active()))
			.param("genesis", Punch.GENESIS)
			.query(Long.class)
			.single();
		return get(id);
	}

	@Transactional
	Establishment update(long id, Function<Establishment, EstablishmentRequest> changes) {
		Establishment current = this.jdbc.sql("SELECT * FROM timeclock_establishment WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(Establishments::establishment)
			.optional()
			.orElseThrow(() -> new ApiProblem.NotFound("Establishment", id));
		EstablishmentRequest request = changes.apply(current);
		Valid valid = validate(request);
		this.jdbc.sql("""
				UPDATE timeclock_establishment SET name = :name, employer_document = :document, cei_caepf_cno = :cno,
				    address = :address, time_zone = :zone, active = :active, updated_at = now()
				WHERE id = :id""")
			.param("name", request.name())
			.param("document", valid.document())
			.param("cno", request.ceiCaepfCno())
			.param("address", request.address())
			.param("zone", valid.zone().getId())
			.param("active", Boolean.TRUE.equals(request.active()))
			.param("id", id)
			.update();
		return get(id);
	}

	private record Valid(String document, ZoneId zone) {
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

	/** An IANA region id (America/Manaus); fixed offsets and abbreviations are refused. */
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
