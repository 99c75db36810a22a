package br.suite.fins;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface FinsRecordRepository extends ListCrudRepository<FinsRecord, Long> {

	/**
	 * Reads a record for a read-modify-write: concurrent writers queue on the row instead
	 * of retrying.
	 */
	@Query("SELECT * FROM fins_record WHERE id = :id FOR UPDATE")
	Optional<FinsRecord> findForUpdate(long id);

	@Query("SELECT count(*) FROM fins_record WHERE cliente_id = :clienteId")
	long countByClienteId(long clienteId);

}
