package br.suite.processdocs;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface ProcessDocumentRepository extends ListCrudRepository<ProcessDocument, Long> {

	/**
	 * Reads a document for a read-modify-write: concurrent writers queue on the row
	 * instead of retrying.
	 */
	@Query("SELECT * FROM processdocs_document WHERE id = :id FOR UPDATE")
	Optional<ProcessDocument> findForUpdate(long id);

}
