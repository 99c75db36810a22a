package br.suite.bills.bill;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.customers.ClienteReferences;
import br.suite.customers.FornecedorReferences;

/** Keeps the customers and suppliers that bills refer to from being deleted. */
final class BillReferences {

	private BillReferences() {
	}

	@Component
	static class Clientes implements ClienteReferences {

		private final JdbcClient jdbc;

		Clientes(JdbcClient jdbc) {
			this.jdbc = jdbc;
		}

		@Override
		public String kind() {
			return "bills";
		}

		@Override
		public long countReferring(long clienteId) {
			return this.jdbc.sql("SELECT count(*) FROM bills_bill WHERE cliente_id = ?")
				.param(clienteId)
				.query(Long.class)
				.single();
		}

	}

	@Component
	static class Fornecedores implements FornecedorReferences {

		private final JdbcClient jdbc;

		Fornecedores(JdbcClient jdbc) {
			this.jdbc = jdbc;
		}

		@Override
		public String kind() {
			return "bills";
		}

		@Override
		public long countReferring(long fornecedorId) {
			return this.jdbc.sql("SELECT count(*) FROM bills_bill WHERE fornecedor_id = ?")
				.param(fornecedorId)
				.query(Long.class)
				.single();
		}

	}

}
