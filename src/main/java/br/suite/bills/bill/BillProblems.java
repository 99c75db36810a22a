package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.List;

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

	static final class NfeAlreadyImported extends ApiProblem.Conflict {

		private final long billId;

		NfeAlreadyImported(String accessKey, long billId, @org.jspecify.annotations.Nullable Long fiscalDocumentId) {
			super("The NF-e " + accessKey + " was already imported as bill " + billId + ".");
			this.billId = billId;
			with("field", "access_key").with("existing_id", billId).with("fiscal_document_id", fiscalDocumentId);
		}

		long billId() {
			return this.billId;
		}

	}

	static final class BillFullyPaid extends ApiProblem.Conflict {

		BillFullyPaid(long id) {
			super("Bill " + id + " is paid: its classification by hours no longer changes.");
			with("status", "paid");
		}

	}

	/**
	 * A split by hours needs the month closed in every establishment with marks in it.
	 */
	static final class HoursMonthOpen extends ApiProblem.Conflict {

		HoursMonthOpen(YearMonth month, List<Long> establishments) {
			super("Month " + month + " is not closed in establishment(s) " + establishments
					+ ", whose employees have marks in it: close the month there (POST /api/timeclock/closings/) "
					+ "before sharing a bill by its hours.");
			with("month", month.toString());
			with("establishment_ids", establishments);
		}

	}

	static final class NoWorkedMinutes extends ApiProblem.Conflict {

		NoWorkedMinutes(YearMonth month) {
			super("Month " + month + " has no worked minutes in any closed espelho: there is nothing to share "
					+ "the bill by.");
			with("month", month.toString());
		}

	}

}
