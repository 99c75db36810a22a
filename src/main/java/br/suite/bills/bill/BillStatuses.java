package br.suite.bills.bill;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.shared.ClosedSet;

/**
 * Writes a bill's stored status as its installments stand ({@link InstallmentPlan}
 * decides), for every path that changes what was paid.
 */
@Component
class BillStatuses {

	private final JdbcClient jdbc;

	BillStatuses(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void refresh(Collection<Long> billIds) {
		for (Long id : billIds) {
			record Row(BigDecimal amount, BigDecimal paid) {
			}
			List<Row> rows = this.jdbc.sql("SELECT amount, paid_amount FROM bills_installment WHERE bill_id = ?")
				.param(id)
				.query((rs, n) -> new Row(rs.getBigDecimal(1), rs.getBigDecimal(2)))
				.list();
			String current = this.jdbc.sql("SELECT status FROM bills_bill WHERE id = ?")
				.param(id)
				.query(String.class)
				.single();
			BillStatus status = InstallmentPlan.billStatus(rows.stream().map(Row::amount).toList(),
					rows.stream().map(Row::paid).toList(), current.equals(ClosedSet.wire(BillStatus.CANCELLED)));
			this.jdbc.sql("UPDATE bills_bill SET status = ? WHERE id = ? AND status <> ?")
				.params(ClosedSet.wire(status), id, ClosedSet.wire(status))
				.update();
		}
	}

}
