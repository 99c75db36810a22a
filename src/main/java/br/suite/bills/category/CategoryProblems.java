package br.suite.bills.category;

import br.suite.shared.ApiProblem;

/** What can go wrong with categories. */
final class CategoryProblems {

	private CategoryProblems() {
	}

	static final class CategoryNotFound extends ApiProblem.NotFound {

		CategoryNotFound(long id) {
			super("Category", id);
		}

	}

	static final class CategoryCodeTaken extends ApiProblem.Conflict {

		CategoryCodeTaken(String code, long existingId) {
			super("The code " + code + " belongs to category " + existingId + ".");
			with("field", "code").with("existing_id", existingId);
		}

	}

	static final class CategoryKindInUse extends ApiProblem.Conflict {

		CategoryKindInUse(long id) {
			super("Category " + id + " has sub-categories or bills: its kind no longer changes; create another "
					+ "category instead.");
			with("field", "kind");
		}

	}

}
