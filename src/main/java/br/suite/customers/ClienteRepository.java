package br.suite.customers;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface ClienteRepository extends ListCrudRepository<Cliente, Long> {

	/**
	 * Reads a customer for an update: concurrent writers queue on the row. NO KEY UPDATE
	 * leaves the row's key share to records being attached to the customer meanwhile
	 * ({@link ClienteDirectory#exists}).
	 */
	@Query("SELECT * FROM customers_cliente WHERE id = :id FOR NO KEY UPDATE")
	Optional<Cliente> findForUpdate(long id);

	/**
	 * Reads a customer for deletion: waits for, and then blocks, records being attached
	 * to it.
	 */
	@Query("SELECT * FROM customers_cliente WHERE id = :id FOR UPDATE")
	Optional<Cliente> findForDelete(long id);

	@Query("SELECT * FROM customers_cliente WHERE documento = :documento AND documento <> ''")
	Optional<Cliente> findByDocumento(String documento);

}
