package br.suite.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import br.suite.TestDatabase;
import br.suite.access.users.UserRequest;
import br.suite.access.users.UserService;
import br.suite.audit.AuditLog;
import br.suite.shared.CurrentUser;

/**
 * The access module on its own: user changes publish UserChanged naming the fields, never
 * their values.
 */
@ApplicationModuleTest
class AccessEventsTests {

	@MockitoBean
	AuditLog audit;

	// Implemented by timeclock (the establishments of the user form), absent when access
	// runs alone.
	@MockitoBean
	EmployeeEstablishments establishments;

	@Autowired
	UserService users;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) throws java.io.IOException {
		TestDatabase.register(registry);
		String data = java.nio.file.Files.createTempDirectory("suite-access-events").toString();
		registry.add("suite.access.data-directory", () -> data);
	}

	@Test
	void creatingAndDeactivatingAUserPublishUserChanged(Scenario scenario) {
		CurrentUser admin = new CurrentUser(900_101, "gestor", Set.of("*"));
		String username = "evt-" + Long.toString(System.nanoTime(), 36);
		long[] id = new long[1];
		scenario
			.stimulate(() -> id[0] = this.users
				.create(new UserRequest(username, null, null, "Vendas", null, false, 1L, null, null, null, null, null),
						admin)
				.body()
				.id())
			.andWaitForEventOfType(UserChanged.class)
			.matching(event -> event.username().equals(username))
			.toArriveAndVerify(event -> {
				assertThat(event.change()).isEqualTo("created");
				assertThat(event.userId()).isEqualTo(id[0]);
			});
		scenario.stimulate(() -> this.users.resetPassword(id[0], admin))
			.andWaitForEventOfType(UserChanged.class)
			.matching(event -> event.userId() == id[0] && event.change().equals("password_reset"))
			.toArriveAndVerify(event -> assertThat(event.fields()).containsExactly("password"));
		scenario.stimulate(() -> this.users.deactivate(id[0], admin))
			.andWaitForEventOfType(UserChanged.class)
			.matching(event -> event.userId() == id[0] && event.change().equals("deactivated"))
			.toArriveAndVerify(event -> assertThat(event.fields()).containsExactly("status"));
	}

}
