package br.suite.customers;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface FornecedorRepository extends ListCrudRepository<Fornecedor, Long> {

	/** Reads a supplier for an update (see {@link ClienteRepository#findForUpdate}). */
	@Query("SELECT * FROM customers_fornecedor WHERE id = :id FOR NO KEY UPDATE")
	Optional<Fornecedor> findForUpdate(long id);

	/** Reads a supplier for deletion: waits for, then blocks, bills being attached. */
	@Query("SELECT * FROM customers_fornecedor WHERE id = :id FOR UPDATE")
	Optional<Fornecedor> findForDelete(long id);

	@Query("SELECT * FROM customers_fornecedor WHERE documento = :documento AND documento <> ''")
	Optional<Fornecedor> findByDocumento(String documento);

}
