package br.suite.customers;

import java.util.Map;
import java.util.stream.Collectors;

import br.suite.shared.ApiProblem;

/**
 * What can go wrong with customers and suppliers, each named for what happened; the two
 * kinds of party word their refusals alike.
 */
final class CustomerProblems {

	private CustomerProblems() {
	}

	static final class ClienteNotFound extends ApiProblem.NotFound {

		ClienteNotFound(long id) {
			super("Customer", id);
		}

	}

	static final class DocumentoTaken extends PartyDocumentoTaken {

		DocumentoTaken(String documento, long existingId) {
			super("customer", documento, existingId);
		}

	}

	static final class ClienteInUse extends PartyInUse {

		ClienteInUse(long id, Map<String, Long> references) {
			super("Customer", id, references);
		}

	}

	static final class FornecedorNotFound extends ApiProblem.NotFound {

		FornecedorNotFound(long id) {
			super("Supplier", id);
		}

	}

	static final class FornecedorDocumentoTaken extends PartyDocumentoTaken {

		FornecedorDocumentoTaken(String documento, long existingId) {
			super("supplier", documento, existingId);
		}

	}

	static final class FornecedorInUse extends PartyInUse {

		FornecedorInUse(long id, Map<String, Long> references) {
			super("Supplier", id, references);
		}

	}

	/** A documento another party of the same kind holds (409 naming it). */
	abstract static class PartyDocumentoTaken extends ApiProblem.Conflict {

		PartyDocumentoTaken(String party, String documento, long existingId) {
			super("The document " + documento + " is already registered to " + party + " " + existingId + ".");
			with("field", "documento").with("existing_id", existingId);
		}

	}

	/** A party other modules' records still refer to, counted by kind (409). */
	abstract static class PartyInUse extends ApiProblem.Conflict {

		PartyInUse(String party, long id, Map<String, Long> references) {
			super(party + " " + id + " is referred to by "
					+ references.entrySet()
						.stream()
						.map(entry -> entry.getValue() + " " + entry.getKey() + " record(s)")
						.collect(Collectors.joining(", "))
					+ "; deactivate it with \"ativo\": false instead of deleting it.");
			with("references", references);
		}

	}

}
