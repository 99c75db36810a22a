package br.suite.customers;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What other modules may know about suppliers. */
@Service
public class FornecedorDirectory {

	private final JdbcClient jdbc;

	FornecedorDirectory(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Whether the supplier exists. Inside the caller's transaction it also keeps the
	 * supplier from being deleted until that transaction ends (a key-share lock), as
	 * {@link ClienteDirectory#exists(long)} does for customers.
	 */
	@Transactional
	public boolean exists(long fornecedorId) {
		return this.jdbc.sql("SELECT id FROM customers_fornecedor WHERE id = :id FOR KEY SHARE")
			.param("id", fornecedorId)
			.query(Long.class)
			.optional()
			.isPresent();
	}

}
