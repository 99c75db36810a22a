package br.suite.access;

import org.jspecify.annotations.Nullable;

/**
 * Published inside the transaction that created, changed or deactivated a user, after the
 * user is saved, with the data the time clock's records of the employee depend on as they
 * are now: the name printed on records, {@code cpf}, {@code establishmentId}, whether the
 * user is an employee and active, and who made the change ({@code actorId}, null for the
 * system). Listeners that must commit with the change listen synchronously
 * ({@code @EventListener}); a refused change publishes nothing.
 */
public record EmployeeDataChanged(long userId, String name, @Nullable String cpf, @Nullable Long establishmentId,
		boolean employee, boolean active, @Nullable Long actorId) {
}
