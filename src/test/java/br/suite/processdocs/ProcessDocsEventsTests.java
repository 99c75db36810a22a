package br.suite.processdocs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import br.suite.TestDatabase;
import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.CurrentUser;

/**
 * The process-documents module on its own: an approval publishes DocumentApproved in its
 * transaction.
 */
@ApplicationModuleTest
class ProcessDocsEventsTests {

	@MockitoBean
	AccessDirectory users;

	@MockitoBean
	AuditLog audit;

	@Autowired
	ProcessDocumentService documents;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	@Test
	void anApprovalPublishesDocumentApproved(Scenario scenario) {
		CurrentUser author = new CurrentUser(900_001, "autor", Set.of("*"));
		CurrentUser approver = new CurrentUser(900_002, "aprovador", Set.of("*"));
		org.mockito.Mockito.when(this.users.find(org.mockito.ArgumentMatchers.anyLong())).thenReturn(Optional.empty());
		ProcessDocument draft = this.documents.create(new ProcessDocumentRequest("Evento " + System.nanoTime(),
				"Qualidade", "Procedimento", "Ana Souza", "in_review", null, null, null, List.of(), null), author);
		scenario.stimulate(() -> this.documents.update(draft.id(), current -> {
			ProcessDocumentRequest same = ProcessDocumentRequest.of(current);
			return new ProcessDocumentRequest(same.title(), same.processArea(), same.category(), same.owner(),
					"approved", same.version(), same.reviewCycleDays(), same.lastReviewAt(), same.tags(),
					same.description());
		}, br.suite.shared.ExpectedVersion.ANY, approver))
			.andWaitForEventOfType(DocumentApproved.class)
			.matching(event -> event.documentId() == draft.id())
			.toArriveAndVerify(event -> {
				assertThat(event.approvedById()).isEqualTo(900_002);
				assertThat(event.approvedBy()).isEqualTo("aprovador");
				assertThat(event.code()).isEqualTo(draft.code);
			});
	}

}
