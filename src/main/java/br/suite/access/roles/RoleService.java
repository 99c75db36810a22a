package br.suite.access.roles;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import org.springframework.data.jdbc.core.JdbcAggregateOperations;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessProblems;
import br.suite.access.AccessProblems.LastAdministrator;
import br.suite.access.AccessProblems.NotGrantable;
import br.suite.access.AccessProblems.RoleInUse;
import br.suite.access.AccessProblems.RoleNameTaken;
import br.suite.access.AccessProblems.RoleNotFound;
import br.suite.access.AccessProblems.SystemRoleLocked;
import br.suite.access.Permissions;
import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.OptimisticRetry;

@Service
public class RoleService {

	public static final String ADMINISTRATOR = "Administrator";

	private final RoleRepository roles;

	private final JdbcClient jdbc;

	private final TokenService tokens;

	private final AuditLog audit;

	private final SameRowWrites writes;

	private final OptimisticRetry retry;

	private final JdbcAggregateOperations aggregates;

	RoleService(RoleRepository roles, JdbcClient jdbc, TokenService tokens, AuditLog audit, SameRowWrites writes,
			OptimisticRetry retry, JdbcAggregateOperations aggregates) {
		this.aggregates = aggregates;
		this.audit = audit;
		this.writes = writes;
		this.retry = retry;
		this.roles = roles;
		this.jdbc = jdbc;
		this.tokens = tokens;
	}

	@Transactional(readOnly = true)
	public List<RoleResponse> list() {
		return this.jdbc.sql("""
				SELECT r.id, r.name, r.description, r.permissions, r.is_system, r.created_at, r.updated_at,
				       (SELECT count(*) FROM access_user u WHERE u.role_id = r.id) AS users_count
				FROM access_role r ORDER BY r.id""")
			.query((rs, n) -> new RoleResponse(rs.getLong("id"), rs.getString("name"), rs.getString("description"),
					List.of((String[]) rs.getArray("permissions").getArray()), rs.getBoolean("is_system"),
					rs.getLong("users_count"), rs.getTimestamp("created_at").toInstant(),
					rs.getTimestamp("updated_at").toInstant()))
			.list();
	}

	@Transactional(readOnly = true)
	public Role get(long id) {
		return this.roles.findById(id).orElseThrow(() -> new RoleNotFound(id));
	}

	/** The role with this id, if there is one. */
	public Optional<Role> find(long id) {
		return this.roles.findById(id);
	}

	/** The role with this name, whatever its case. */
	public Optional<Role> findByName(String name) {
		return this.roles.findByNameIgnoreCase(name);
	}

	/**
	 * Stores a role as it is, without the checks of {@link #create}: the first run's
	 * administrator role and the operator commands'.
	 */
	public Role save(Role role) {
		return this.roles.save(role);
	}

	/**
	 * The role as answered, with its holders counted now: one statement, its own
	 * snapshot, so no transaction (its COMMIT was a round trip on every PATCH's answer).
	 */
	RoleResponse describe(Role role) {
		long holders = this.jdbc.sql("SELECT count(*) FROM access_user WHERE role_id = :id")
			.param("id", role.id())
			.query(Long.class)
			.single();
		return RoleResponse.from(role, holders);
	}

	@Transactional
	public Role create(RoleRequest request, CurrentUser caller) {
		checkPermissions(request.permissions(), List.of(), caller);
		checkNameFree(request.name(), null);
		Role role = this.roles.save(new Role(request.name(), request.description(), request.permissions(), false));
		this.audit.record("access.role.created", "role", role.id(),
				Changes.of()
					.created("name", role.name)
					.created("description", role.description)
					.created("permissions", role.permissions));
		return role;
	}

	/**
	 * Applies a PATCH. One that changes nothing (every field sent equals the stored
	 * value) writes nothing: no new version, no audit event, no token cache change; it is
	 * checked first on a plain read, so it takes no row lock and waits for no commit.
	 * Anything else is read again {@code FOR UPDATE} and applied.
	 */
	public Role update(long id, Function<Role, RoleRequest> changes, ExpectedVersion expected, CurrentUser caller) {
		// One statement outside a transaction (the repository's findById opens a
		// read-only one).
		Role current = Optional.ofNullable(this.aggregates.findById(id, Role.class))
			.orElseThrow(() -> new RoleNotFound(id));
		expected.check(current.version);
		RoleRequest unchanged = changes.apply(current);
		if (!changes(current, unchanged)) {
			checkPermissions(unchanged.permissions(), current.permissions, caller);
			return current;
		}
		AtomicBoolean authorityChanged = new AtomicBoolean();
		Role updated;
		try {
			// Concurrent PATCHes of this role share one transaction and one commit
			// (SameRowWrites); the row lock
			// taken in apply keeps any other writer of the role out until then.
			updated = this.writes.run(id, () -> apply(id, changes, expected, caller, authorityChanged, false));
		}
		catch (RunAlone alone) {
			updated = this.retry.run(() -> apply(id, changes, expected, caller, authorityChanged, true));
		}
		if (authorityChanged.get()) {
			// Remembered callers carry their permissions: forget them once the change is
			// committed.
			this.tokens.forgetCachedCallers();
		}
		return updated;
	}

	/**
	 * A PATCH that takes the administrators' lock must run in its own transaction: in a
	 * shared one it would take that lock after an earlier write's audit lock, the reverse
	 * of every other writer's order.
	 */
	private static final class RunAlone extends RuntimeException {

		RunAlone() {
			super(null, null, false, false);
		}

	}

	private Role apply(long id, Function<Role, RoleRequest> changes, ExpectedVersion expected, CurrentUser caller,
			AtomicBoolean authorityChanged, boolean alone) {
		Role role = this.roles.findForUpdate(id).orElseThrow(() -> new RoleNotFound(id));
		expected.check(role.version);
		RoleRequest request = changes.apply(role);
		boolean renamed = !request.name().equals(role.name);
		boolean permissionsChanged = !Set.copyOf(request.permissions()).equals(Set.copyOf(role.permissions));
		if (role.isSystem && (renamed || permissionsChanged)) {
			throw new SystemRoleLocked(role.name);
		}
		checkPermissions(request.permissions(), role.permissions, caller);
		if (permissionsChanged) {
			requireAuthorityOverHolders(role, caller);
		}
		if (renamed) {
			checkNameFree(request.name(), role.id());
		}
		if (role.grantsAll() && !request.permissions().contains(br.suite.access.Permissions.ALL)) {
			if (!alone) {
				throw new RunAlone();
			}
			lockAdministrators();
			if (this.roles.countActiveByRoleId(role.id()) > 0
					&& this.roles.countActiveAdministratorsOutsideRole(role.id()) == 0) {
				throw new LastAdministrator();
			}
		}
		Changes audited = Changes.of()
			.diff("name", role.name, request.name())
			.diff("description", role.description, request.description());
		if (permissionsChanged) {
			audited.put("permissions", List.copyOf(role.permissions), List.copyOf(request.permissions()));
		}
		role.name = request.name();
		role.description = request.description();
		role.permissions = List.copyOf(request.permissions());
		role.touch();
		authorityChanged.set(permissionsChanged);
		Role saved = this.roles.save(role);
		this.audit.record("access.role.updated", "role", saved.id(), audited);
		return saved;
	}

	@Transactional
	public void delete(long id) {
		Role role = get(id);
		if (role.isSystem) {
			throw new SystemRoleLocked(role.name);
		}
		long holders = this.roles.countByRoleId(id);
		if (holders > 0) {
			throw new RoleInUse(role.name, holders);
		}
		this.roles.delete(role);
		this.audit.record("access.role.deleted", "role", role.id(),
				Changes.of()
					.put("name", role.name, null)
					.put("description", role.description, null)
					.put("permissions", role.permissions, null));
	}

	/**
	 * Whether the request differs from the role in any field it holds (permissions
	 * compared as a set).
	 */
	private static boolean changes(Role role, RoleRequest request) {
		return !request.name().equals(role.name) || !java.util.Objects.equals(request.description(), role.description)
				|| !Set.copyOf(request.permissions()).equals(Set.copyOf(role.permissions));
	}

	/**
	 * Serialises changes that could remove the last administrator, so two of them cannot
	 * both pass.
	 */
	public void lockAdministrators() {
		this.jdbc.sql("SELECT pg_advisory_xact_lock(7426001)").query().singleRow();
	}

	private void checkPermissions(List<String> requested, List<String> current, CurrentUser caller) {
		List<String> unknown = requested.stream().filter(p -> !Permissions.isGrantable(p)).toList();
		if (!unknown.isEmpty()) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			unknown.forEach(p -> errors.add("permissions",
					"unknown permission \"" + p + "\"; see GET /api/access/permissions/ for the catalogue"));
			errors.throwIfAny();
		}
		Set<String> added = new LinkedHashSet<>(requested);
		added.removeAll(current);
		List<String> notHeld = new ArrayList<>(added.stream().filter(p -> !caller.holds(p)).toList());
		if (!notHeld.isEmpty()) {
			throw new NotGrantable(notHeld);
		}
	}

	/**
	 * Changing a role's permissions, removing as well as adding, acts on everyone who
	 * holds it: like a password reset, it needs authority over each of them, that is
	 * every permission the role grants now ({@code *} included). Lowering the role of a
	 * stronger user first, then managing them, would otherwise get round the rule.
	 */
	private void requireAuthorityOverHolders(Role role, CurrentUser caller) {
		List<String> missing = role.permissions.stream().filter(p -> !caller.holds(p)).toList();
		if (missing.isEmpty()) {
			return;
		}
		long holders = this.roles.countByRoleId(role.id());
		if (holders > 0) {
			throw new AccessProblems.NoAuthorityOverHolders(role.id(), holders, missing);
		}
	}

	private void checkNameFree(String name, Long exceptId) {
		this.roles.findByNameIgnoreCase(name)
			.filter(existing -> exceptId == null || existing.id() != exceptId)
			.ifPresent(existing -> {
				throw new RoleNameTaken(name, existing.id());
			});
	}

}
