package br.suite.access;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

@Table("access_role")
class Role {

	@Id
	@Nullable Long id;

	String name;

	String description;

	List<String> permissions;

	boolean isSystem;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	Role(String name, String description, List<String> permissions, boolean isSystem) {
		this.name = name;
		this.description = description;
		this.permissions = List.copyOf(permissions);
		this.isSystem = isSystem;
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	boolean grantsAll() {
		return this.permissions.contains(Permissions.ALL);
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

}
