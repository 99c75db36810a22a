package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.when;

import java.util.Base64;
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
import br.suite.timeclock.biometrics.FaceRecognition;
import br.suite.timeclock.biometrics.RecognitionReason;
import br.suite.timeclock.face.BlankPng;
import br.suite.timeclock.ledger.PunchLedger;
import br.suite.timeclock.ledger.PunchRequest;

/**
 * The time clock on its own: a punch publishes PunchRegistered in the ledger's
 * transaction.
 */
@ApplicationModuleTest
class TimeclockEventsTests {

	@MockitoBean
	AccessDirectory users;

	@MockitoBean
	AuditLog audit;

	@MockitoBean
	FaceRecognition faces;

	// The pages' ports into access (the employee list of the timeclock pages).
	@MockitoBean
	br.suite.access.AccessAdministration administration;

	@MockitoBean
	br.suite.access.EmployeeLookup lookup;

	@Autowired
	PunchLedger ledger;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
	}

	@Test
	void aPunchWhoseFaceWasNotRecognisedPublishesPunchRegisteredNeedingReview(Scenario scenario) {
		long employee = 900_000 + (System.nanoTime() % 99_999);
		when(this.users.find(employee)).thenReturn(
				Optional.of(new AccessDirectory.UserSummary(employee, "func", "Marcos", true, true, null, null, null)));
		when(this.faces.recognize(anyLong(), any()))
			.thenReturn(new FaceRecognition.Result(false, null, RecognitionReason.NO_FACE, 0.6));
		PunchRequest request = new PunchRequest("entrada", employee,
				Base64.getEncoder().encodeToString(BlankPng.of(64, 64)), "browser", null, null, null);
		scenario.stimulate(() -> this.ledger.register(request, null, new CurrentUser(1, "kiosk", Set.of("*"))))
			.andWaitForEventOfType(PunchRegistered.class)
			.matching(event -> event.employeeId() == employee)
			.toArriveAndVerify((event, registration) -> {
				assertThat(event.punchId()).isEqualTo(registration.punch().id());
				assertThat(event.nsr()).isEqualTo(registration.punch().nsr());
				assertThat(event.needsReview()).isTrue();
				assertThat(event.recognitionOk()).isFalse();
				assertThat(event.eventType()).isEqualTo("entrada");
			});
	}

}
