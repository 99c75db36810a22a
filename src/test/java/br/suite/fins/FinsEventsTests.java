package br.suite.fins;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import br.suite.TestDatabase;
import br.suite.audit.AuditLog;
import br.suite.customers.ClienteDirectory;

/**
 * The fins module on its own: the daily job publishes FinsRecordOverdue for an open
 * record past its deadline.
 */
@ApplicationModuleTest
class FinsEventsTests {

	@MockitoBean
	ClienteDirectory clientes;

	// fins records its changes in the audit log, a module this test leaves out.
	@MockitoBean
	AuditLog audit;

	@Autowired
	OverdueReminders reminders;

	@Autowired
	JdbcClient jdbc;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	@Test
	void theDailyJobPublishesFinsRecordOverdue(Scenario scenario) {
		LocalDate day = LocalDate.of(2031, 3, 10);
		long id = this.jdbc
			.sql("INSERT INTO fins_record (cliente_id, titulo, data_limite, concluido, version, created_at, "
					+ "updated_at) VALUES (9000000001, 'Renovar alvará', :limit, false, 0, now(), now()) RETURNING id")
			.param("limit", java.sql.Date.valueOf(day.minusDays(3)))
			.query(Long.class)
			.single();
		scenario.stimulate(() -> this.reminders.run(day))
			.andWaitForEventOfType(FinsRecordOverdue.class)
			.matching(event -> event.recordId() == id)
			.toArriveAndVerify(event -> {
				assertThat(event.titulo()).isEqualTo("Renovar alvará");
				assertThat(event.dataLimite()).isEqualTo(day.minusDays(3));
				assertThat(event.clienteId()).isEqualTo(9_000_000_001L);
			});
	}

}
