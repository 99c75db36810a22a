package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import br.suite.access.Permissions;

class EventTypesTests {

	/**
	 * Every event type names a view permission of the catalogue, never a wildcard; the
	 * requests' events name the one permission that reads the request queue.
	 */
	@Test
	void everyEventTypeNeedsAViewPermissionOfTheCatalogue() {
		assertThat(EventTypes.CATALOGUE).isNotEmpty();
		EventTypes.CATALOGUE.forEach((type, known) -> {
			assertThat(known.type()).isEqualTo(type);
			assertThat(Permissions.CATALOGUE).as(type).containsKey(known.permission());
			assertThat(known.permission()).as(type).matches(".*\\.view|timeclock\\.requests\\.decide");
		});
	}

}
