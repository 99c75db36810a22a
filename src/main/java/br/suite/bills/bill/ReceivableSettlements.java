package br.suite.bills.bill;

import java.math.BigDecimal;
import java.sql.Date;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.bills.BillsFields;
import br.suite.finance.BillCharges;

/**
 * A receivable installment's paid amount and date follow its charge's: whatever paid the
 * charge (Pix, CNAB, imports, the reconciliation, an allocation) paid the installment.
 */
@Component
class ReceivableSettlements implements BillCharges.Settled {

	private final JdbcClient jdbc;

	private final BillStatuses statuses;

	ReceivableSettlements(JdbcClient jdbc, BillStatuses statuses) {
		this.jdbc = jdbc;
		this.statuses = statuses;
	}

	@Override
	public void settled(List<BillCharges.Settlement> settlements) {
		Long[] ids = settlements.stream().map(BillCharges.Settlement::chargeId).toArray(Long[]::new);
		BigDecimal[] paid = settlements.stream().map(BillCharges.Settlement::paidAmount).toArray(BigDecimal[]::new);
		Date[] paidOn = settlements.stream()
			.map(s -> s.paidOn() == null ? null : Date.valueOf(s.paidOn()))
			.toArray(Date[]::new);
		List<Long> bills = this.jdbc
			.sql("""
					WITH s AS (SELECT * FROM unnest(:ids::bigint[], :paid::numeric[], :paidOn::date[]) AS s(id, paid, paid_on))
					UPDATE bills_installment i SET paid_amount = least(s.paid, i.amount), paid_on = s.paid_on
					FROM s
					WHERE i.charge_id = s.id
					  AND (i.paid_amount, i.paid_on) IS DISTINCT FROM (least(s.paid, i.amount), s.paid_on)
					RETURNING i.bill_id""")
			.param("ids", ids)
			.param("paid", paid)
			.param("paidOn", paidOn)
			.query(Long.class)
			.list()
			.stream()
			.distinct()
			.toList();
		if (bills.isEmpty()) {
			return;
		}
		this.jdbc.sql("UPDATE bills_bill SET version = version + 1, updated_at = :now WHERE id IN (:ids)")
			.param("now", BillsFields.now())
			.param("ids", bills)
			.update();
		this.statuses.refresh(bills);
	}

}
