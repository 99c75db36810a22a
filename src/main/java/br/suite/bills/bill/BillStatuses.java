package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.bills.BillPaid;
import br.suite.shared.ClosedSet;

/**
 * Writes a bill's stored status as its installments stand ({@link InstallmentPlan}
 * decides), for every path that changes what was paid; a bill that becomes {@code paid}
 * publishes {@link BillPaid}.
 */
@Component
class BillStatuses {

	private final JdbcClient jdbc;

	private final ApplicationEventPublisher events;

	BillStatuses(JdbcClient jdbc, ApplicationEventPublisher events) {
		this.jdbc = jdbc;
		this.events = events;
	}

	void refresh(Collection<Long> billIds) {
		for (Long id : billIds) {
			record Row(BigDecimal amount, BigDecimal paid, @Nullable LocalDate paidOn) {
			}
			record Bill(String status, String direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
					BigDecimal total) {
			}
			List<Row> rows = this.jdbc
				.sql("SELECT amount, paid_amount, paid_on FROM bills_installment WHERE bill_id = ?")
				.param(id)
				.query((rs, n) -> new Row(rs.getBigDecimal(1), rs.getBigDecimal(2), rs.getObject(3, LocalDate.class)))
				.list();
			Bill bill = this.jdbc
				.sql("SELECT status, direction, fornecedor_id, cliente_id, total FROM bills_bill WHERE id = ?")
				.param(id)
				.query((rs, n) -> new Bill(rs.getString(1), rs.getString(2), rs.getObject(3, Long.class),
						rs.getObject(4, Long.class), rs.getBigDecimal(5)))
				.single();
			BillStatus status = InstallmentPlan.billStatus(rows.stream().map(Row::amount).toList(),
					rows.stream().map(Row::paid).toList(), bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED)));
			int changed = this.jdbc.sql("UPDATE bills_bill SET status = ? WHERE id = ? AND status <> ?")
				.params(ClosedSet.wire(status), id, ClosedSet.wire(status))
				.update();
			if (changed > 0 && status == BillStatus.PAID) {
				LocalDate paidOn = rows.stream()
					.map(Row::paidOn)
					.filter(Objects::nonNull)
					.max(LocalDate::compareTo)
					.orElse(null);
				this.events.publishEvent(new BillPaid(id, bill.direction(), bill.fornecedorId(), bill.clienteId(),
						bill.total(), paidOn));
			}
		}
	}

}
