package br.suite.access;

/**
 * Implemented by the time clock: whether an establishment id exists, so a user's
 * {@code establishment_id} is checked without access depending on the time clock.
 */
public interface EstablishmentReferences {

	boolean exists(long establishmentId);

}
