package br.suite.timeclock.request;

import org.springframework.http.HttpStatus;

import br.suite.shared.ApiProblem;

/** What the employees' requests refuse (issue 27), each named for what happened. */
final class TimeclockRequestProblems {

	private TimeclockRequestProblems() {
	}

	static final class RequestNotFound extends ApiProblem.NotFound {

		RequestNotFound(long id) {
			super("Request", id);
		}

	}

	/** A request is decided once: approved or refused, it stays so. */
	static final class RequestDecided extends ApiProblem.Conflict {

		RequestDecided(long id, String status) {
			super("Request " + id + " is already " + status + "; a decided request is not decided again.");
			with("code", "request_decided");
			with("status", status);
		}

	}

	/**
	 * The certificate was replaced after the manager read it: the approval names the file
	 * it takes.
	 */
	static final class CertificateChanged extends ApiProblem.Conflict {

		CertificateChanged(long id) {
			super("The certificate of request " + id + " is not the one named by certificate_sha256: it was "
					+ "replaced after it was read. Read it again before approving.");
			with("code", "certificate_changed");
		}

	}

	/** Separation of duties: nobody decides their own request. */
	static final class SelfDecision extends ApiProblem.Conflict {

		static final String RULE = "no_self_decision";

		SelfDecision(long id) {
			super("Nobody decides their own request: request " + id
					+ " is the caller's. Another user with timeclock.requests.decide must decide it.");
			with("rule", RULE);
		}

	}

	/** Only employees (is_employee) have time records to ask about. */
	static final class NotAnEmployee extends ApiProblem {

		NotAnEmployee(long userId) {
			super(HttpStatus.FORBIDDEN,
					"User " + userId + " is not an employee: only employees make time-clock " + "requests.");
			with("code", "not_an_employee");
		}

	}

}
