package br.suite.fins;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/** What can go wrong with fins records, each named for what happened. */
final class FinsProblems {

	private FinsProblems() {
	}

	static final class FinsRecordNotFound extends ApiProblem.NotFound {

		FinsRecordNotFound(long id) {
			super("Fins record", id);
		}

	}

	static InvalidRequest unknownCliente(long clienteId) {
		return InvalidRequest.of("cliente", "customer " + clienteId + " does not exist");
	}

	static InvalidRequest dataLimiteOutOfRange() {
		return InvalidRequest.of("data_limite", "must be between 1900-01-01 and 9999-12-31, or null");
	}

}
