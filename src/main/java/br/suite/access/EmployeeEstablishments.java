package br.suite.access;

import java.util.List;

/**
 * Port through which the user pages learn the establishments a user may be assigned to
 * ({@code establishment_id}, the kiosk's and the timesheet's workplace). The time clock,
 * which owns the establishments, implements it.
 */
public interface EmployeeEstablishments {

	/** Every establishment, in the order the time clock lists them. */
	List<Choice> all();

	/** One establishment as a choice in a form. */
	record Choice(long id, String name) {
	}

}
