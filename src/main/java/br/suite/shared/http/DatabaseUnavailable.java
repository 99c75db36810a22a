package br.suite.shared.http;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * What a request gets while the database is unreachable, stalled or restarting: 503 with
 * {@code Retry-After}, never a 500. The waits that lead here are bounded by
 * {@code suite.database.*} (about two seconds in all).
 */
final class DatabaseUnavailable {

	/** Seconds a client should wait before retrying. */
	static final String RETRY_AFTER_SECONDS = "5";

	static final String TITLE = "Service Unavailable";

	static final String DETAIL = "The database is not reachable at the moment. Retry later.";

	private DatabaseUnavailable() {
	}

	static ResponseEntity<ProblemDetail> response() {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, DETAIL);
		problem.setTitle(TITLE);
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
			.body(problem);
	}

	/**
	 * Whether a failure means the database could not be reached or did not answer in time
	 * (rather than refusing the statement): Spring's translations of connection, time-out
	 * and transient failures, the pool's time-out, a commit or rollback that could not be
	 * carried out, and SQL states of class 08 (connection), 57P (shut down, restarting)
	 * and 57014 (cancelled by a time-out).
	 */
	static boolean isCause(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof TransientDataAccessException || cause instanceof DataAccessResourceFailureException
					|| cause instanceof CannotCreateTransactionException || cause instanceof SQLTransientException
					|| cause instanceof SQLRecoverableException) {
				return true;
			}
			if (cause instanceof SQLException sql && sql.getSQLState() != null && (sql.getSQLState().startsWith("08")
					|| sql.getSQLState().startsWith("57P") || sql.getSQLState().equals("57014"))) {
				return true;
			}
			// A commit or rollback that could not be carried out: the connection broke
			// (after a failed commit,
			// Spring reports the failed rollback, whose cause is the pool's "Connection
			// is closed").
			if (cause instanceof TransactionSystemException) {
				return true;
			}
		}
		return false;
	}

}
