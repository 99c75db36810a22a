package br.suite.access.users;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.access.roles.Role;

/**
 * A user as clients see it. {@code temporary_password} is filled only in the response
 * that generated it; {@code employee_photo_url} only while a face photo is enrolled.
 */
public record UserResponse(long id, String username, String email, String fullName, String department, String jobTitle,
		boolean isEmployee, @Nullable String employeePhotoUrl, long roleId, String roleName, List<String> permissions,
		@Nullable String temporaryPassword, String status, @Nullable Instant lastAccessAt, Instant createdAt,
		Instant updatedAt, @Nullable String cpf, @Nullable Long establishmentId, @Nullable String matricula,
		@Nullable Long costCentreId) {

	static UserResponse from(User user, Role role, boolean hasPhoto, @Nullable String temporaryPassword) {
		return new UserResponse(user.id(), user.username, user.email, user.fullName, user.department, user.jobTitle,
				user.isEmployee, hasPhoto ? photoUrl(user.id()) : null, user.roleId, role.name, role.permissions,
				temporaryPassword, user.status, user.lastAccessAt, user.createdAt, user.updatedAt, user.cpf,
				user.establishmentId, user.matricula, user.costCentreId);
	}

	/** The same user with its enrolled face photo's address. */
	UserResponse withPhoto() {
		return new UserResponse(this.id, this.username, this.email, this.fullName, this.department, this.jobTitle,
				this.isEmployee, photoUrl(this.id), this.roleId, this.roleName, this.permissions,
				this.temporaryPassword, this.status, this.lastAccessAt, this.createdAt, this.updatedAt, this.cpf,
				this.establishmentId, this.matricula, this.costCentreId);
	}

	private static String photoUrl(long id) {
		return "/api/access/users/" + id + "/photo/";
	}

}
