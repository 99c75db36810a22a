package br.suite.bills;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * Published in the transaction that created a bill (each bill of a recurrence): what it
 * is, for whom and how much, in how many installments.
 */
public record BillCreated(long billId, String direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
		String description, String documentNumber, LocalDate competenceDate, BigDecimal total, int installments,
		@Nullable Long recurrenceId) {
}
