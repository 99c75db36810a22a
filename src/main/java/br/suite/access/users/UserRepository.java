package br.suite.access.users;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

import br.suite.access.Usernames;

interface UserRepository extends ListCrudRepository<User, Long> {

	/**
	 * Reads a user for a read-modify-write: concurrent writers queue on the row instead
	 * of retrying.
	 */
	@Query("SELECT * FROM access_user WHERE id = :id FOR UPDATE")
	Optional<User> findForUpdate(long id);

	@Query("SELECT * FROM access_user WHERE username_key = :key")
	Optional<User> findByUsernameKey(String key);

	/**
	 * The user this name designates under {@link Usernames#key}, whatever its case or
	 * form.
	 */
	default Optional<User> findByUsername(String username) {
		String key = Usernames.key(username);
		return key.length() > Usernames.MAX_KEY_LENGTH ? Optional.empty() : findByUsernameKey(key);
	}

	@Query("SELECT * FROM access_user WHERE email <> '' AND lower(email) = lower(:email)")
	Optional<User> findByEmailIgnoreCase(String email);

	/**
	 * Active users whose role grants {@code *}: the administrators who must not all
	 * disappear.
	 */
	@Query("SELECT count(*) FROM access_user u JOIN access_role r ON r.id = u.role_id "
			+ "WHERE u.status = 'active' AND '*' = ANY (r.permissions) AND u.id <> :exceptUserId")
	long countOtherActiveAdministrators(long exceptUserId);

	@Query("SELECT * FROM access_user WHERE is_employee AND (establishment_id = :establishmentId "
			+ "OR (establishment_id IS NULL AND :orUnset)) ORDER BY id")
	java.util.List<User> findEmployeesOf(long establishmentId, boolean orUnset);

}
