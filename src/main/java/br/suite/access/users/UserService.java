package br.suite.access.users;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessProblems;
import br.suite.access.AccessProblems.EmailTaken;
import br.suite.access.AccessProblems.LastAdministrator;
import br.suite.access.AccessProblems.NoAuthorityOver;
import br.suite.access.AccessProblems.NotGrantable;
import br.suite.access.AccessProblems.OwnPasswordReset;
import br.suite.access.AccessProblems.UserNotFound;
import br.suite.access.AccessProblems.UsernameTaken;
import br.suite.access.AccessSettings;
import br.suite.access.CostCentreReferences;
import br.suite.access.EmployeeDataChanged;
import br.suite.access.EstablishmentReferences;
import br.suite.access.UserChanged;
import br.suite.access.UserDeactivated;
import br.suite.access.Usernames;
import br.suite.access.passwords.Passwords;
import br.suite.access.roles.Role;
import br.suite.access.roles.RoleService;
import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.documents.PersonalData;
import br.suite.shared.documents.TaxId;
import br.suite.shared.Versioned;

@Service
public class UserService {

	private final UserRepository users;

	private final RoleService roleService;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	private final OptimisticRetry retry;

	private final JdbcClient jdbc;

	private final UserSearch search;

	private final AccessSettings settings;

	private final AuditLog audit;

	private final ObjectProvider<EstablishmentReferences> establishments;

	private final ApplicationEventPublisher events;

	private final ObjectProvider<CostCentreReferences> costCentres;

	UserService(UserRepository users, RoleService roleService, TokenService tokens, PasswordEncoder passwordEncoder,
			OptimisticRetry retry, JdbcClient jdbc, UserSearch search, AccessSettings settings, AuditLog audit,
			ObjectProvider<EstablishmentReferences> establishments, ApplicationEventPublisher events,
			ObjectProvider<CostCentreReferences> costCentres) {
		this.costCentres = costCentres;
		this.audit = audit;
		this.establishments = establishments;
		this.events = events;
		this.search = search;
		this.settings = settings;
		this.users = users;
		this.roleService = roleService;
		this.tokens = tokens;
		this.passwordEncoder = passwordEncoder;
		this.retry = retry;
		this.jdbc = jdbc;
	}

	@Transactional(readOnly = true)
	public User get(long id) {
		return this.users.findById(id).orElseThrow(() -> new UserNotFound(id));
	}

	@Transactional(readOnly = true)
	Versioned<UserResponse> describe(User user, @Nullable String temporaryPassword) {
		return new Versioned<>(
				UserResponse.from(user, this.roleService.get(user.roleId), hasPhoto(user), temporaryPassword),
				Objects.requireNonNull(user.version));
	}

	@Transactional
	public Versioned<UserResponse> create(UserRequest request, CurrentUser caller) {
		UserStatus status = ClosedSet.parse(UserStatus.class, "status", Objects.requireNonNull(request.status()));
		Role role = roleFor(request.roleId());
		checkAssignable(role, caller);
		String cpf = employeeData(request, null);
		checkUnique(request, cpf, null);
		String temporaryPassword = Passwords.temporary();
		User user = new User(request.username(), request.email(), request.fullName(), request.department(),
				request.jobTitle(), Boolean.TRUE.equals(request.isEmployee()), role.id(), ClosedSet.wire(status), "");
		user.cpf = cpf;
		user.establishmentId = request.establishmentId();
		user.matricula = request.matricula();
		user.costCentreId = request.costCentreId();
		user.setTemporaryPassword(this.passwordEncoder.encode(temporaryPassword), this.settings.temporaryPasswordTtl());
		user = this.users.save(user);
		this.audit.record("access.user.created", "user", user.id(),
				Changes.of()
					.created("username", user.username)
					.created("email", user.email)
					.created("full_name", user.fullName)
					.created("department", user.department)
					.created("job_title", user.jobTitle)
					.created("is_employee", user.isEmployee)
					.created("role_id", role.id())
					.created("permissions", role.permissions)
					.created("status", user.status)
					.created("temporary_password", true)
					.created("cpf", user.cpf)
					.created("establishment_id", user.establishmentId)
					.created("matricula", user.matricula)
					.created("cost_centre_id", user.costCentreId)
					.mask("cpf", PersonalData::taxId));
		this.events.publishEvent(new UserChanged(user.id(), user.username, "created", List.of()));
		this.events.publishEvent(employeeDataChanged(user, caller.id()));
		return new Versioned<>(UserResponse.from(user, role, false, temporaryPassword),
				Objects.requireNonNull(user.version));
	}

	public Versioned<UserResponse> update(long id, Function<User, UserRequest> changes, ExpectedVersion expected,
			CurrentUser caller) {
		AtomicBoolean callerChanged = new AtomicBoolean();
		Versioned<UserResponse> response = this.retry.run(() -> {
			User user = this.users.findForUpdate(id).orElseThrow(() -> new UserNotFound(id));
			requireAuthorityOver(user, caller);
			expected.check(Objects.requireNonNull(user.version));
			UserRequest request = changes.apply(user);
			UserStatus status = ClosedSet.parse(UserStatus.class, "status", Objects.requireNonNull(request.status()));
			Role role = roleFor(request.roleId());
			if (role.id() != user.roleId) {
				checkAssignable(role, caller);
			}
			String cpf = employeeData(request, user.costCentreId);
			checkUnique(request, cpf, user.id());
			boolean staysAdministrator = status == UserStatus.ACTIVE && role.grantsAll();
			if (!staysAdministrator) {
				guardLastAdministrator(user);
			}
			callerChanged.set(!request.username().equals(user.username) || role.id() != user.roleId
					|| !ClosedSet.wire(status).equals(user.status));
			if (role.id() != user.roleId || (user.isActive() && status != UserStatus.ACTIVE)) {
				// A new role, or leaving active status, ends every session of the user.
				this.tokens.revokeAllOf(user.id());
			}
			if (user.isActive() && status != UserStatus.ACTIVE) {
				this.events.publishEvent(new UserDeactivated(user.id()));
			}
			Changes audited = Changes.of()
				.diff("username", user.username, request.username())
				.diff("email", user.email, request.email())
				.diff("full_name", user.fullName, request.fullName())
				.diff("department", user.department, request.department())
				.diff("job_title", user.jobTitle, request.jobTitle())
				.diff("is_employee", user.isEmployee, Boolean.TRUE.equals(request.isEmployee()))
				.diff("role_id", user.roleId, role.id())
				.diff("status", user.status, ClosedSet.wire(status))
				.diff("cpf", user.cpf, cpf)
				.diff("establishment_id", user.establishmentId, request.establishmentId())
				.diff("matricula", user.matricula, request.matricula())
				.diff("cost_centre_id", user.costCentreId, request.costCentreId())
				// The CPF is personal data (LGPD): the event shows it masked.
				.mask("cpf", PersonalData::taxId);
			if (role.id() != user.roleId) {
				audited.put("permissions", this.roleService.get(user.roleId).permissions, role.permissions);
			}
			user.rename(request.username());
			user.email = request.email();
			user.fullName = request.fullName();
			user.department = request.department();
			user.jobTitle = request.jobTitle();
			user.isEmployee = Boolean.TRUE.equals(request.isEmployee());
			user.roleId = role.id();
			user.status = ClosedSet.wire(status);
			user.cpf = cpf;
			user.establishmentId = request.establishmentId();
			user.matricula = request.matricula();
			user.costCentreId = request.costCentreId();
			user.touch();
			User saved = this.users.save(user);
			this.events.publishEvent(employeeDataChanged(saved, caller.id()));
			if (!audited.isEmpty()) {
				this.audit.record("access.user.updated", "user", saved.id(), audited);
				this.events.publishEvent(
						new UserChanged(saved.id(), saved.username, "updated", List.copyOf(audited.fieldNames())));
			}
			return new Versioned<>(UserResponse.from(saved, role, hasPhoto(saved), null),
					Objects.requireNonNull(saved.version));
		});
		if (callerChanged.get()) {
			// Remembered callers carry username, status and permissions: forget them once
			// committed.
			this.tokens.forgetCachedCallers();
		}
		return response;
	}

	@Transactional
	public void deactivate(long id, CurrentUser caller) {
		User user = this.users.findForUpdate(id).orElseThrow(() -> new UserNotFound(id));
		requireAuthorityOver(user, caller);
		guardLastAdministrator(user);
		String before = user.status;
		boolean wasActive = user.isActive();
		user.status = ClosedSet.wire(UserStatus.INACTIVE);
		user.touch();
		this.users.save(user);
		this.tokens.revokeAllOf(user.id());
		this.audit.record("access.user.deactivated", "user", user.id(),
				Changes.of().diff("status", before, user.status));
		this.events.publishEvent(new UserChanged(user.id(), user.username, "deactivated", List.of("status")));
		this.events.publishEvent(employeeDataChanged(user, caller.id()));
		if (wasActive) {
			this.events.publishEvent(new UserDeactivated(user.id()));
		}
	}

	@Transactional
	public Versioned<UserResponse> resetPassword(long id, CurrentUser caller) {
		User user = this.users.findForUpdate(id).orElseThrow(() -> new UserNotFound(id));
		if (user.id() == caller.id()) {
			throw new OwnPasswordReset();
		}
		requireAuthorityOver(user, caller);
		String temporaryPassword = Passwords.temporary();
		user.setTemporaryPassword(this.passwordEncoder.encode(temporaryPassword), this.settings.temporaryPasswordTtl());
		Versioned<UserResponse> response = describe(this.users.save(user), temporaryPassword);
		this.tokens.revokeAllOf(user.id());
		this.audit.record("access.password.reset", "user", user.id(),
				Changes.of().put("temporary_password", null, true));
		this.events.publishEvent(new UserChanged(user.id(), user.username, "password_reset", List.of("password")));
		return response;
	}

	/** Ends every session of the user (their tokens); they sign in again. */
	@Transactional
	public void revokeTokens(long id, CurrentUser caller) {
		User user = this.users.findForUpdate(id).orElseThrow(() -> new UserNotFound(id));
		requireAuthorityOver(user, caller);
		this.tokens.revokeAllOf(user.id());
	}

	/**
	 * Acting on a user (changing, deactivating, resetting the password of, removing the
	 * photo of) needs every permission of that user's current role, {@code *} included:
	 * nobody manages someone who can do more than they can.
	 */
	void requireAuthorityOver(User user, CurrentUser caller) {
		Role role = this.roleService.get(user.roleId);
		List<String> missing = role.permissions.stream().filter(p -> !caller.holds(p)).toList();
		if (!missing.isEmpty()) {
			throw new NoAuthorityOver(user.id(), missing);
		}
	}

	private boolean hasPhoto(User user) {
		return this.search.withPhotos(List.of(user.id())).contains(user.id());
	}

	/** Refuses a change that would leave no active user holding {@code *}. */
	private void guardLastAdministrator(User user) {
		Role current = this.roleService.get(user.roleId);
		if (user.isActive() && current.grantsAll()) {
			this.roleService.lockAdministrators();
			if (this.users.countOtherActiveAdministrators(user.id()) == 0) {
				throw new LastAdministrator();
			}
		}
	}

	private Role roleFor(long roleId) {
		return this.roleService.find(roleId).orElseThrow(() -> AccessProblems.unknownRole(roleId));
	}

	/**
	 * Putting someone in a role grants its permissions, so the caller must hold them all.
	 */
	private void checkAssignable(Role role, CurrentUser caller) {
		List<String> notHeld = role.permissions.stream().filter(p -> !caller.holds(p)).toList();
		if (!notHeld.isEmpty()) {
			throw new NotGrantable(notHeld);
		}
	}

	/**
	 * Checks the employee fields (400 naming cpf, establishment_id or cost_centre_id) and
	 * returns the CPF normalised to 11 digits, or null. The cost centre the user already
	 * has ({@code keptCostCentre}) stays even if it was deactivated since.
	 */
	private @Nullable String employeeData(UserRequest request, @Nullable Long keptCostCentre) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String cpf = null;
		if (request.cpf() != null) {
			try {
				TaxId id = TaxId.parse(request.cpf());
				if (id.kind() != TaxId.Kind.CPF) {
					errors.add("cpf", "must be a CPF (11 digits), not a CNPJ");
				}
				else {
					cpf = id.value();
				}
			}
			catch (InvalidTaxId invalid) {
				errors.add("cpf", invalid.getMessage());
			}
		}
		Long establishmentId = request.establishmentId();
		if (establishmentId != null) {
			EstablishmentReferences port = this.establishments.getIfAvailable();
			if (port == null || !port.exists(establishmentId)) {
				errors.add("establishment_id", "establishment " + establishmentId + " does not exist");
			}
		}
		Long costCentreId = request.costCentreId();
		if (costCentreId != null && !costCentreId.equals(keptCostCentre)) {
			CostCentreReferences port = this.costCentres.getIfAvailable();
			String refusal = port == null ? "cost centre " + costCentreId + " does not exist"
					: port.refusal(costCentreId);
			if (!Boolean.TRUE.equals(request.isEmployee())) {
				errors.add("cost_centre_id", "only an employee (is_employee) carries a cost centre");
			}
			else if (refusal != null) {
				errors.add("cost_centre_id", refusal);
			}
		}
		errors.throwIfAny();
		return cpf;
	}

	private void checkUnique(UserRequest request, @Nullable String cpf, @Nullable Long exceptId) {
		if (cpf != null) {
			this.jdbc.sql("SELECT id FROM access_user WHERE cpf = :cpf")
				.param("cpf", cpf)
				.query(Long.class)
				.optional()
				.filter(existing -> !Objects.equals(existing, exceptId))
				.ifPresent(existing -> {
					throw new AccessProblems.CpfTaken(existing);
				});
		}
		if (request.matricula() != null) {
			this.jdbc.sql("SELECT id FROM access_user WHERE matricula = :matricula")
				.param("matricula", request.matricula())
				.query(Long.class)
				.optional()
				.filter(existing -> !Objects.equals(existing, exceptId))
				.ifPresent(existing -> {
					throw new AccessProblems.MatriculaTaken(existing);
				});
		}
		String key = Usernames.key(request.username());
		if (key.length() > Usernames.MAX_KEY_LENGTH) {
			throw InvalidRequest.of("username",
					"is longer than " + Usernames.MAX_KEY_LENGTH + " characters once normalised (NFKC)");
		}
		this.users.findByUsernameKey(key)
			.filter(existing -> !Objects.equals(existing.id, exceptId))
			.ifPresent(existing -> {
				throw new UsernameTaken(request.username(), existing.id());
			});
		if (!Objects.requireNonNull(request.email()).isEmpty()) {
			this.users.findByEmailIgnoreCase(request.email())
				.filter(existing -> !Objects.equals(existing.id, exceptId))
				.ifPresent(existing -> {
					throw new EmailTaken(request.email(), existing.id());
				});
		}
	}

	private static EmployeeDataChanged employeeDataChanged(User user, @Nullable Long actorId) {
		String name = user.fullName.isBlank() ? user.username : user.fullName;
		return new EmployeeDataChanged(user.id(), name, user.cpf, user.establishmentId, user.isEmployee,
				user.isActive(), actorId);
	}

}
