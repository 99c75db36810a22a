package br.suite.access.roles;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface RoleRepository extends ListCrudRepository<Role, Long> {

	/**
	 * Reads a role for a read-modify-write: concurrent writers queue on the row instead
	 * of retrying.
	 */
	@Query("SELECT * FROM access_role WHERE id = :id FOR UPDATE")
	Optional<Role> findForUpdate(long id);

	@Query("SELECT * FROM access_role WHERE lower(name) = lower(:name)")
	Optional<Role> findByNameIgnoreCase(String name);

	/** How many users hold the role. */
	@Query("SELECT count(*) FROM access_user WHERE role_id = :roleId")
	long countByRoleId(long roleId);

	/** How many users hold the role and are active. */
	@Query("SELECT count(*) FROM access_user WHERE role_id = :roleId AND status = 'active'")
	long countActiveByRoleId(long roleId);

	/**
	 * Active users whose role grants {@code *}, outside this role: the administrators who
	 * would remain.
	 */
	@Query("SELECT count(*) FROM access_user u JOIN access_role r ON r.id = u.role_id "
			+ "WHERE u.status = 'active' AND '*' = ANY (r.permissions) AND r.id <> :exceptRoleId")
	long countActiveAdministratorsOutsideRole(long exceptRoleId);

}
