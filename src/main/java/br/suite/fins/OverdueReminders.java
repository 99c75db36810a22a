package br.suite.fins;

import java.sql.Date;
import java.time.LocalDate;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.shared.DailyReminder;
import br.suite.shared.DailyReminders;

/**
 * Every day at 07:00 in São Paulo, publishes {@link FinsRecordOverdue} for each open
 * record (not concluído) past its data_limite, once per record and day, once across
 * instances ({@link DailyReminder}).
 */
@Component
class OverdueReminders extends DailyReminder {

	OverdueReminders(DailyReminders reminders) {
		super(reminders, 7426103);
	}

	@Override
	protected List<FinsRecordOverdue> fresh(JdbcClient jdbc, LocalDate today) {
		return jdbc.sql("""
				WITH fresh AS (
				    INSERT INTO fins_overdue_reminder (record_id, day)
				    SELECT id, :today FROM fins_record WHERE NOT concluido AND data_limite < :today
				    ON CONFLICT DO NOTHING RETURNING record_id)
				SELECT r.id, r.cliente_id, r.titulo, r.data_limite FROM fins_record r
				JOIN fresh f ON f.record_id = r.id ORDER BY r.id""")
			.param("today", Date.valueOf(today))
			.query((rs, n) -> new FinsRecordOverdue(rs.getLong("id"), rs.getLong("cliente_id"), rs.getString("titulo"),
					rs.getDate("data_limite").toLocalDate()))
			.list();
	}

}
