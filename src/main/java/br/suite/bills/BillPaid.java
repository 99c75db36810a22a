package br.suite.bills;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * Published in the transaction in which a bill's status became {@code paid}, whatever
 * paid it: payments of a payable's installments, or the charges of a receivable's (Pix,
 * CNAB, imports, the reconciliation). {@code paidOn} is the latest installment payment's
 * date.
 */
public record BillPaid(long billId, String direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
		BigDecimal total, @Nullable LocalDate paidOn) {
}
