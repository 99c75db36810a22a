package br.suite.timeclock;

import br.suite.shared.ApiProblem;

/** What the time clock refuses, each named for what happened. */
final class TimeclockProblems {

	private TimeclockProblems() {
	}

	/** The caller sent an Idempotency-Key again, with another punch than the one it first recorded. */
	static final class IdempotencyKeyReused extends ApiProblem.Conflict {

		IdempotencyKeyReused(String key) {
			super("The Idempotency-Key was already used by this caller for a different punch (employee_id, "
					+ "event_type, source or snapshot); send a new key for a new punch.");
			with("idempotency_key", key);
		}

	}

	/** Separation of duties: nobody corrects their own time records. */
	static final class SelfAdjustment extends ApiProblem.Conflict {

		static final String RULE = "no_self_adjustment";

		SelfAdjustment(long employeeId) {
			super("Nobody records an adjustment of their own punches: employee " + employeeId
					+ " is the caller. Another user with timeclock.adjustments.change must record it.");
			with("rule", RULE);
		}

	}

}
