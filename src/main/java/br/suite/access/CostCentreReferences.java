package br.suite.access;

import org.jspecify.annotations.Nullable;

/**
 * Implemented by the bills module: whether a cost centre may be given to an employee (it
 * exists and is active), so a user's {@code cost_centre_id} is checked without access
 * depending on bills.
 */
public interface CostCentreReferences {

	/** Why the cost centre cannot be given to an employee, or null when it can. */
	@Nullable String refusal(long costCentreId);

}
