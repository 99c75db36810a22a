package br.suite.access;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.ReadOnlyProperty;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

import br.suite.shared.ClosedSet;

@Table("access_user")
class User {

	@Id
	@Nullable Long id;

	String username;

	String email;

	String fullName;

	String department;

	String jobTitle;

	boolean isEmployee;

	long roleId;

	String status;

	String passwordHash;

	// Written only by the authentication path, so a concurrent update of the user cannot overwrite it.
	@ReadOnlyProperty
	@Nullable Instant lastAccessAt;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	User(String username, String email, String fullName, String department, String jobTitle, boolean isEmployee,
			long roleId, String status, String passwordHash) {
		this.username = username;
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

	long id() {
		return Objects.requireNonNull(this.id);
	}

	boolean isActive() {
		return ClosedSet.wire(UserStatus.ACTIVE).equals(this.status);
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

}
