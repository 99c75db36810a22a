package br.suite.imports;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import br.suite.TestDatabase;
import br.suite.audit.AuditLog;
import br.suite.imports.csv.CsvImportConfirmRequest;
import br.suite.imports.csv.CsvImportPreparation;
import br.suite.imports.csv.CsvImportService;
import br.suite.shared.CurrentUser;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Imports with the finance module it writes to: a confirmation publishes
 * TransactionsImported.
 */
@ApplicationModuleTest(mode = ApplicationModuleTest.BootstrapMode.DIRECT_DEPENDENCIES)
class ImportsEventsTests {

	@MockitoBean
	AuditLog audit;

	@Autowired
	CsvImportService imports;

	@Autowired
	JsonMapper json;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	@Test
	void aConfirmationPublishesTransactionsImported(Scenario scenario) {
		String provider = "evt" + Long.toString(System.nanoTime(), 36);
		byte[] file = String
			.join("\r\n", "Data;Histórico;Descrição;Documento;Valor (R$);Saldo (R$)",
					"02/03/2026;Pix recebido;Padaria Pão Quente Ltda;123456;1.234,56;11.234,56",
					"03/03/2026;Pagamento de boleto;Energia Elétrica S/A;654321;-389,90;10.844,66", "")
			.getBytes(StandardCharsets.UTF_8);
		CsvImportPreparation prepared = this.imports.prepare(new CsvImportService.Upload(file, "extrato.csv"),
				new CsvImportService.PrepareOptions(provider, "a1", null, null, null, Map.of()));
		CsvImportConfirmRequest request = this.json.readValue(this.json.writeValueAsString(prepared),
				CsvImportConfirmRequest.class);
		scenario.stimulate(() -> this.imports.confirm(request, null, new CurrentUser(1, "admin", Set.of("*"))))
			.andWaitForEventOfType(TransactionsImported.class)
			.matching(event -> event.provider().equals(provider))
			.toArriveAndVerify(event -> {
				assertThat(event.accountId()).isEqualTo("a1");
				assertThat(event.inserted()).isEqualTo(2);
				assertThat(event.deleted()).isZero();
			});
	}

}
