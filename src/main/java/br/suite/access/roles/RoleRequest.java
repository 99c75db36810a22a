package br.suite.access.roles;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

/** The writable fields of a role; absent optional fields take their defaults. */
public record RoleRequest(@NotBlank @Size(max = 100) String name, @Size(max = 2000) @Nullable String description,
		@Nullable List<@NotNull @Size(max = 100) String> permissions) {

	public RoleRequest {
		name = name == null ? null : name.trim();
		description = description == null ? "" : description;
		permissions = permissions == null ? List.of() : permissions.stream().distinct().toList();
	}

	static RoleRequest of(Role role) {
		return new RoleRequest(role.name, role.description, role.permissions);
	}

}
