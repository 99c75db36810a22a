package br.suite.access.roles;

import java.time.Instant;
import java.util.List;

public record RoleResponse(long id, String name, String description, List<String> permissions, boolean isSystem,
		long usersCount, Instant createdAt, Instant updatedAt) {

	static RoleResponse from(Role role, long usersCount) {
		return new RoleResponse(role.id(), role.name, role.description, role.permissions, role.isSystem, usersCount,
				role.createdAt, role.updatedAt);
	}

}
