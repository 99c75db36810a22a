package br.suite.access;

import java.util.Optional;

/**
 * Finds the active employee a person at a kiosk says they are. The identifier is tried as
 * each kind of key in turn (a user id, then a username); further keys (a CPF) join here.
 */
public interface EmployeeLookup {

	Optional<AccessDirectory.UserSummary> find(String identifier);

}
