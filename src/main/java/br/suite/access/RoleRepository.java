package br.suite.access;

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

}
