package br.suite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

/**
 * One instance for all the tests of the class: the classes are imported once, not once
 * per test (an import of the whole code is seconds of CPU).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModularityTests {

	private final ApplicationModules modules = ApplicationModules.of(SuiteApplication.class);

	@Test
	void modulesRespectTheirBoundaries() {
		this.modules.verify();
	}

	@Test
	void writesModuleDocumentation() {
		new Documenter(this.modules).writeDocumentation();
	}

}
