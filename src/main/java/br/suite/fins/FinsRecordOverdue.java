package br.suite.fins;

import java.time.LocalDate;

/**
 * Published by the daily reminder job, once per record and day, for an open record past
 * its data_limite.
 */
public record FinsRecordOverdue(long recordId, long clienteId, String titulo, LocalDate dataLimite) {
}
