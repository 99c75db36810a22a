package br.suite.bills.payment;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.customers.FornecedorDirectory;
import br.suite.finance.PayableInstallments;

/**
 * Finance's {@link PayableInstallments}: one set-based query pairs the debits with the
 * open installments of payables of the same open amount due in the window, then the
 * suppliers' documents (read through {@link FornecedorDirectory}) keep the pairs whose
 * debit names its supplier, in {@code payer_document} or in the description (punctuation
 * aside).
 */
@Component
class PayableCandidates implements PayableInstallments {

	private final JdbcClient jdbc;

	private final FornecedorDirectory fornecedores;

	PayableCandidates(JdbcClient jdbc, FornecedorDirectory fornecedores) {
		this.jdbc = jdbc;
		this.fornecedores = fornecedores;
	}

	private record Pair(int debit, long billId, int number, BigDecimal amount, LocalDate dueDate, long fornecedorId,
			String description) {
	}

	@Override
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public List<Candidate> candidates(List<Debit> debits, int windowBeforeDays, int windowAfterDays) {
		if (debits.isEmpty()) {
			return List.of();
		}
		List<Pair> pairs = this.jdbc.sql("""
				SELECT d.n, b.id, i.number, i.amount - i.paid_amount, i.due_date, b.fornecedor_id, b.description
				FROM unnest(?::bigint[], ?::numeric[], ?::date[]) WITH ORDINALITY AS d(transaction_id, open, day, n)
				JOIN bills_installment i ON i.amount - i.paid_amount = d.open
				    AND i.paid_amount < i.amount AND i.due_date BETWEEN d.day - ? AND d.day + ?
				JOIN bills_bill b ON b.id = i.bill_id
				WHERE b.direction = 'payable' AND b.status <> 'cancelled'
				  AND NOT EXISTS (SELECT 1 FROM bills_payment p
				                  WHERE p.installment_id = i.id AND p.transaction_id = d.transaction_id)
				ORDER BY d.n, i.due_date, b.id, i.number""")
			.params(debits.stream().map(Debit::transactionId).toArray(Long[]::new),
					debits.stream().map(Debit::open).toArray(BigDecimal[]::new),
					debits.stream().map(d -> Date.valueOf(d.date())).toArray(Date[]::new), windowAfterDays,
					windowBeforeDays)
			.query((rs, n) -> new Pair(rs.getInt(1) - 1, rs.getLong(2), rs.getInt(3), rs.getBigDecimal(4),
					rs.getObject(5, LocalDate.class), rs.getLong(6), rs.getString(7)))
			.list();
		if (pairs.isEmpty()) {
			return List.of();
		}
		Set<Long> suppliers = pairs.stream().map(Pair::fornecedorId).collect(Collectors.toSet());
		Map<Long, FornecedorDirectory.Supplier> documents = this.fornecedores.suppliers(suppliers);
		List<Candidate> candidates = new ArrayList<>();
		for (Pair pair : pairs) {
			FornecedorDirectory.Supplier supplier = documents.get(pair.fornecedorId());
			Debit debit = debits.get(pair.debit());
			if (supplier == null) {
				continue;
			}
			Match match = match(debit, supplier.documento());
			if (match != null) {
				candidates.add(new Candidate(debit.transactionId(), pair.billId(), pair.number(), pair.amount(),
						pair.dueDate(), match, supplier.nome(), pair.description()));
			}
		}
		return candidates;
	}

	/** Where the debit names {@code documento}, or null when it does not. */
	static @Nullable Match match(Debit debit, String documento) {
		if (documento.isEmpty()) {
			return null;
		}
		if (documento.equals(debit.payerDocument())) {
			return Match.PAYER_DOCUMENT;
		}
		String description = debit.description().toUpperCase(Locale.ROOT).replaceAll("[^0-9A-Z]", "");
		return description.contains(documento) ? Match.DESCRIPTION : null;
	}

}
