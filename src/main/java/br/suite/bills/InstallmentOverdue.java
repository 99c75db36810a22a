package br.suite.bills;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * Published by the daily job, once per installment and due date, for an installment of a
 * bill not cancelled with money open past its due date.
 */
public record InstallmentOverdue(long billId, long installmentId, int number, String direction,
		@Nullable Long fornecedorId, @Nullable Long clienteId, LocalDate dueDate, BigDecimal amount,
		BigDecimal openAmount) {
}
