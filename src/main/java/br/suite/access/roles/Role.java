package br.suite.access.roles;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

import br.suite.access.Permissions;

@Table("access_role")
public class Role {

	@Id
	@Nullable Long id;

	public String name;

	public String description;

	public List<String> permissions;

	public boolean isSystem;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	public Role(String name, String description, List<String> permissions, boolean isSystem) {
		this.name = name;
		this.description = description;
		this.permissions = List.copyOf(permissions);
		this.isSystem = isSystem;
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	public boolean grantsAll() {
		return this.permissions.contains(Permissions.ALL);
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	public long id() {
		return Objects.requireNonNull(this.id);
	}

}
