package br.suite.access.users;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.ReadOnlyProperty;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

import br.suite.access.Usernames;
import br.suite.shared.ClosedSet;

@Table("access_user")
public class User {

	@Id
	@Nullable Long id;

	public String username;

	/** {@link Usernames#key} of the username: unique, what sign-in looks up. */
	String usernameKey;

	public String email;

	public String fullName;

	public String department;

	public String jobTitle;

	public boolean isEmployee;

	public long roleId;

	/** 11 digits, or null while unknown. */
	public @Nullable String cpf;

	/** The time clock establishment the employee works at, or null (establishment 1). */
	public @Nullable Long establishmentId;

	/** The payroll registration number (matrícula), or null. */
	public @Nullable String matricula;

	/** The bills module's cost centre the employee's hours belong to, or null. */
	public @Nullable Long costCentreId;

	public String status;

	String passwordHash;

	/**
	 * Set while the password is a temporary one (issued at creation or reset): when it
	 * stops working.
	 */
	@Nullable Instant temporaryPasswordExpiresAt;

	// Written only by the authentication path, so a concurrent update of the user cannot
	// overwrite it.
	@ReadOnlyProperty
	@Nullable Instant lastAccessAt;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	User(String username, String email, String fullName, String department, String jobTitle, boolean isEmployee,
			long roleId, String status, String passwordHash) {
		this.username = username;
		this.usernameKey = Usernames.key(username);
		this.email = email;
		this.fullName = fullName;
		this.department = department;
		this.jobTitle = jobTitle;
		this.isEmployee = isEmployee;
		this.roleId = roleId;
		this.status = status;
		this.passwordHash = passwordHash;
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	public long id() {
		return Objects.requireNonNull(this.id);
	}

	public boolean isActive() {
		return ClosedSet.wire(UserStatus.ACTIVE).equals(this.status);
	}

	/**
	 * Gives the user a temporary password (already encoded) that must be changed before
	 * anything else.
	 */
	void setTemporaryPassword(String encoded, Duration lifetime) {
		this.passwordHash = encoded;
		this.temporaryPasswordExpiresAt = Instant.now().plus(lifetime).truncatedTo(ChronoUnit.MICROS);
		touch();
	}

	void rename(String newUsername) {
		this.username = newUsername;
		this.usernameKey = Usernames.key(newUsername);
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

}
