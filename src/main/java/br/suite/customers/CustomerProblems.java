package br.suite.customers;

import java.util.Map;
import java.util.stream.Collectors;

import br.suite.shared.ApiProblem;

/** What can go wrong with customers, each named for what happened. */
final class CustomerProblems {

	private CustomerProblems() {
	}

	static final class ClienteNotFound extends ApiProblem.NotFound {

		ClienteNotFound(long id) {
			super("Customer", id);
		}

	}

	static final class DocumentoTaken extends ApiProblem.Conflict {

		DocumentoTaken(String documento, long existingId) {
			super("The document " + documento + " is already registered to customer " + existingId + ".");
			with("field", "documento").with("existing_id", existingId);
		}

	}

	static final class ClienteInUse extends ApiProblem.Conflict {

		ClienteInUse(long id, Map<String, Long> references) {
			super("Customer " + id + " is referred to by "
					+ references.entrySet()
						.stream()
						.map(entry -> entry.getValue() + " " + entry.getKey() + " record(s)")
						.collect(Collectors.joining(", "))
					+ "; deactivate it with \"ativo\": false instead of deleting it.");
			with("references", references);
		}

	}

	static final class FornecedorNotFound extends ApiProblem.NotFound {

		FornecedorNotFound(long id) {
			super("Supplier", id);
		}

	}

	static final class FornecedorDocumentoTaken extends ApiProblem.Conflict {

		FornecedorDocumentoTaken(String documento, long existingId) {
			super("The document " + documento + " is already registered to supplier " + existingId + ".");
			with("field", "documento").with("existing_id", existingId);
		}

	}

	static final class FornecedorInUse extends ApiProblem.Conflict {

		FornecedorInUse(long id, Map<String, Long> references) {
			super("Supplier " + id + " is referred to by "
					+ references.entrySet()
						.stream()
						.map(entry -> entry.getValue() + " " + entry.getKey() + " record(s)")
						.collect(Collectors.joining(", "))
					+ "; deactivate it with \"ativo\": false instead of deleting it.");
			with("references", references);
		}

	}

}
