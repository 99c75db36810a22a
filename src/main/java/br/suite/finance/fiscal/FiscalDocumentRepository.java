package br.suite.finance.fiscal;

import java.util.Optional;

import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;

interface FiscalDocumentRepository extends ListCrudRepository<FiscalDocument, Long> {

	/**
	 * Reads a document for a read-modify-write: concurrent writers queue on the row
	 * instead of retrying.
	 */
	@Query("SELECT * FROM finance_fiscal_document WHERE id = :id FOR UPDATE")
	Optional<FiscalDocument> findForUpdate(long id);

	@Query("SELECT * FROM finance_fiscal_document WHERE access_key = :accessKey AND access_key <> ''")
	Optional<FiscalDocument> findByAccessKey(String accessKey);

}
