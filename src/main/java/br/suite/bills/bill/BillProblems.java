package br.suite.bills.bill;

import java.math.BigDecimal;

import br.suite.shared.ApiProblem;
import br.suite.shared.Money;

/** What can go wrong with bills. */
final class BillProblems {

	private BillProblems() {
	}

	static final class BillNotFound extends ApiProblem.NotFound {

		BillNotFound(long id) {
			super("Bill", id);
		}

	}

	static final class BillCancelled extends ApiProblem.Conflict {

		BillCancelled(long id) {
			super("Bill " + id + " is cancelled: it no longer changes.");
		}

	}

	static final class BillHasPayments extends ApiProblem.Conflict {

		BillHasPayments(long id, BigDecimal paid) {
			super("Bill " + id + " has " + Money.format(paid)
					+ " paid: it cannot be cancelled; delete its payments first.");
			with("paid_amount", Money.format(paid));
		}

	}

	/** The party of a bill with money paid no longer changes (the payments are its). */
	static final class PartyFixedByPayments extends ApiProblem.Conflict {

		PartyFixedByPayments(long id, String field, BigDecimal paid) {
			super("Bill " + id + " has " + Money.format(paid) + " paid: its " + field
					+ " no longer changes. Delete its payments first, or cancel it and create another.");
			with("field", field);
			with("paid_amount", Money.format(paid));
		}

	}

	static final class InstallmentSettled extends ApiProblem.Conflict {

		InstallmentSettled(int number, String what) {
			super("Installment " + number + " is " + what + ": its due date and amount no longer change.");
			with("field", "installments");
		}

	}

}
