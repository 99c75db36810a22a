package br.suite.access;

import java.util.Collection;
import java.util.Set;

/**
 * Port through which access learns which users have an enrolled face photo, for
 * {@code employee_photo_url}. The time clock, which owns the biometric data, implements
 * it.
 */
public interface EmployeePhotos {

	Set<Long> withPhotos(Collection<Long> userIds);

}
