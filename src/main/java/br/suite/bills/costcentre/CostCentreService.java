package br.suite.bills.costcentre;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.shared.ApiProblem;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/** Cost centres: created and changed, deactivated rather than deleted. */
@Service
class CostCentreService {

	private static final String COLUMNS = "id, code, name, active, version, created_at, updated_at";

	private final JdbcClient jdbc;

	private final PartialUpdates partialUpdates;

	private final AuditLog audit;

	CostCentreService(JdbcClient jdbc, PartialUpdates partialUpdates, AuditLog audit) {
		this.jdbc = jdbc;
		this.partialUpdates = partialUpdates;
		this.audit = audit;
	}

	static final class CostCentreNotFound extends ApiProblem.NotFound {

		CostCentreNotFound(long id) {
			super("Cost centre", id);
		}

	}

	static final class CostCentreCodeTaken extends ApiProblem.Conflict {

		CostCentreCodeTaken(String code, long existingId) {
			super("The code " + code + " belongs to cost centre " + existingId + ".");
			with("field", "code").with("existing_id", existingId);
		}

	}

	private record Content(String code, String name, boolean active) {

		Map<String, @Nullable Object> audited() {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("code", this.code);
			fields.put("name", this.name);
			fields.put("active", this.active);
			return fields;
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<CostCentreResponse> list(@Nullable Boolean active, @Nullable String q, Paging paging) {
		String text = BillsFields.parameter(q, "q");
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "bills_cost_centre")
			.where("active = :active", "active", active)
			.orderBy("code, id");
		if (!text.isEmpty()) {
			query.where("(code ILIKE :q OR name ILIKE :q)").param("q", ListQuery.containing(text));
		}
		return query.page(paging, (rs, n) -> map(rs));
	}

	@Transactional(readOnly = true)
	Versioned<CostCentreResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	Versioned<CostCentreResponse> create(CostCentreRequest request) {
		Content content = check(request);
		Long id = this.jdbc.sql("""
				INSERT INTO bills_cost_centre (code, name, active, version, created_at, updated_at)
				VALUES (:code, :name, :active, 0, :now, :now)
				ON CONFLICT (code) DO NOTHING
				RETURNING id""")
			.param("code", content.code())
			.param("name", content.name())
			.param("active", content.active())
			.param("now", BillsFields.now())
			.query(Long.class)
			.optional()
			.orElseThrow(() -> new CostCentreCodeTaken(content.code(), holder(content.code())));
		this.audit.record("finance.cost_centre.created", "cost_centre", id,
				AuditLog.Changes.created(content.audited()));
		return find(id, false);
	}

	@Transactional
	Versioned<CostCentreResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<CostCentreResponse> current = find(id, true);
		expected.check(current.version());
		Content before = check(CostCentreRequest.of(current.body()));
		Content content = check(
				this.partialUpdates.merge(CostCentreRequest.of(current.body()), patch, CostCentreRequest.class));
		if (!content.code().equals(before.code())) {
			long holder = holder(content.code());
			if (holder != 0) {
				throw new CostCentreCodeTaken(content.code(), holder);
			}
		}
		AuditLog.Changes changes = AuditLog.Changes.between(before.audited(), content.audited());
		if (changes.isEmpty()) {
			return current;
		}
		this.jdbc.sql("""
				UPDATE bills_cost_centre SET code = :code, name = :name, active = :active, version = version + 1,
				    updated_at = :now
				WHERE id = :id""")
			.param("code", content.code())
			.param("name", content.name())
			.param("active", content.active())
			.param("now", BillsFields.now())
			.param("id", id)
			.update();
		this.audit.record("finance.cost_centre.updated", "cost_centre", id, changes);
		return find(id, false);
	}

	private long holder(String code) {
		return this.jdbc.sql("SELECT id FROM bills_cost_centre WHERE code = ?")
			.param(code)
			.query(Long.class)
			.optional()
			.orElse(0L);
	}

	private static Content check(CostCentreRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = BillsFields.text(request.code(), "code", 20, true, errors);
		String name = BillsFields.text(request.name(), "name", 200, true, errors);
		errors.throwIfAny();
		return new Content(code, name, !Boolean.FALSE.equals(request.active()));
	}

	private Versioned<CostCentreResponse> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_cost_centre WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElseThrow(() -> new CostCentreNotFound(id));
	}

	private static CostCentreResponse map(ResultSet rs) throws SQLException {
		return new CostCentreResponse(rs.getLong("id"), rs.getString("code"), rs.getString("name"),
				rs.getBoolean("active"), BillsFields.instant(rs, "created_at"), BillsFields.instant(rs, "updated_at"));
	}

}
