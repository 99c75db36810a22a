package br.suite.bills.costcentre;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.access.CostCentreReferences;

/**
 * Checks a user's {@code cost_centre_id} for access: an employee takes an existing,
 * active cost centre, as new money does.
 */
@Component
class EmployeeCostCentres implements CostCentreReferences {

	private final CostCentreChecks checks;

	EmployeeCostCentres(CostCentreChecks checks) {
		this.checks = checks;
	}

	@Override
	public @Nullable String refusal(long costCentreId) {
		return this.checks.refusal(costCentreId);
	}

}
