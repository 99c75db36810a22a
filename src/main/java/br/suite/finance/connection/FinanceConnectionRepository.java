package br.suite.finance.connection;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface FinanceConnectionRepository extends ListCrudRepository<FinanceConnection, Long> {

	/**
	 * Reads a connection for a read-modify-write: concurrent writers queue on the row
	 * instead of retrying.
	 */
	@Query("SELECT * FROM finance_connection WHERE id = :id FOR UPDATE")
	Optional<FinanceConnection> findForUpdate(long id);

	@Query("SELECT * FROM finance_connection WHERE provider = :provider AND account_id = :accountId")
	Optional<FinanceConnection> findByProviderAndAccount(String provider, String accountId);

}
