package br.suite.finance;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import br.suite.TestDatabase;
import br.suite.audit.AuditLog;
import br.suite.finance.fiscal.FiscalDocumentRequest;
import br.suite.finance.fiscal.FiscalDocumentService;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The finance module on its own: a status move publishes FiscalDocumentStatusChanged;
 * other edits do not.
 */
@ApplicationModuleTest
class FinanceEventsTests {

	@MockitoBean
	AuditLog audit;

	@Autowired
	FiscalDocumentService documents;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	@BeforeEach
	void signedIn() {
		// Services record who links and allocates: the module's callers are always signed
		// in.
		SecurityContextHolder.getContext()
			.setAuthentication(UsernamePasswordAuthenticationToken
				.authenticated(new CurrentUser(1, "admin", Set.of("*")), null, List.of()));
	}

	@AfterEach
	void signedOut() {
		SecurityContextHolder.clearContext();
	}

	@Test
	void aStatusMovePublishesFiscalDocumentStatusChanged(Scenario scenario) {
		String number = Long.toString(System.nanoTime() % 1_000_000_000L);
		long id = this.documents
			.create(new FiscalDocumentRequest("nfse", number, new BigDecimal("10.00"), "Cliente", null, null, null,
					null, null, null, null, null))
			.body()
			.id();
		scenario
			.stimulate(() -> this.documents.update(id,
					request -> new FiscalDocumentRequest(request.type(), request.number(), request.amount(),
							request.customerName(), request.series(), request.accessKey(), request.issueDate(),
							request.customerDocument(), request.relatedChargeIds(), request.relatedTransactionIds(),
							"authorized", request.fileUrl()),
					ExpectedVersion.ANY))
			.andWaitForEventOfType(FiscalDocumentStatusChanged.class)
			.matching(event -> event.documentId() == id)
			.toArriveAndVerify(event -> {
				assertThat(event.statusBefore()).isEqualTo("draft");
				assertThat(event.statusAfter()).isEqualTo("authorized");
				assertThat(event.number()).isEqualTo(number);
			});
	}

}
