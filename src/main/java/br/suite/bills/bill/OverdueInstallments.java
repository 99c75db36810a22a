package br.suite.bills.bill;

import java.sql.Date;
import java.time.LocalDate;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.bills.InstallmentOverdue;
import br.suite.shared.DailyReminder;
import br.suite.shared.DailyReminders;

/**
 * Every day at 07:00 in São Paulo, publishes {@link InstallmentOverdue} for each
 * installment with money open past its due date (its bill not cancelled), once per
 * installment and due date (a PATCH that moves the due date makes it due again), once
 * across instances ({@link DailyReminder}).
 */
@Component
class OverdueInstallments extends DailyReminder {

	OverdueInstallments(DailyReminders reminders) {
		super(reminders, 7426141);
	}

	@Override
	protected List<InstallmentOverdue> fresh(JdbcClient jdbc, LocalDate today) {
		return jdbc.sql("""
				WITH fresh AS (
				    INSERT INTO bills_overdue_reminder (installment_id, due_date, day)
				    SELECT i.id, i.due_date, :today FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id
				    WHERE b.status <> 'cancelled' AND i.paid_amount < i.amount AND i.due_date < :today
				    ON CONFLICT DO NOTHING RETURNING installment_id)
				SELECT b.id AS bill_id, i.id, i.number, b.direction, b.fornecedor_id, b.cliente_id, i.due_date,
				    i.amount, i.amount - i.paid_amount AS open_amount
				FROM bills_installment i JOIN fresh f ON f.installment_id = i.id JOIN bills_bill b ON b.id = i.bill_id
				ORDER BY i.id""")
			.param("today", Date.valueOf(today))
			.query((rs, n) -> new InstallmentOverdue(rs.getLong("bill_id"), rs.getLong("id"), rs.getInt("number"),
					rs.getString("direction"), rs.getObject("fornecedor_id", Long.class),
					rs.getObject("cliente_id", Long.class), rs.getObject("due_date", LocalDate.class),
					rs.getBigDecimal("amount"), rs.getBigDecimal("open_amount")))
			.list();
	}

}
