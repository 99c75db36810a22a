package br.suite;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Requires;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests {

	private final JavaClasses suite = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("br.suite");

	@Test
	void ourCodeSpeaksJackson3Only() {
		// springdoc still brings Jackson 2; our JSON must all go through Jackson 3.
		noClasses().should()
			.dependOnClassesThat()
			.resideInAPackage("com.fasterxml.jackson.databind..")
			.check(this.suite);
	}

	@Test
	void controllersAndRepositoriesStayInsideTheirModule() {
		classes().that().areAnnotatedWith(RestController.class).should().notBePublic().check(this.suite);
		classes().that().haveSimpleNameEndingWith("Repository").should().notBePublic().check(this.suite);
	}

	@Test
	void permissionsAreDeclaredWithRequiresOnly() {
		// A hand-written @PreAuthorize would be enforced by method security but skipped
		// by the early 403 check.
		methods().should().notBeAnnotatedWith(PreAuthorize.class).check(this.suite);
		classes().that()
			.doNotHaveFullyQualifiedName(Requires.class.getName())
			.should()
			.notBeAnnotatedWith(PreAuthorize.class)
			.check(this.suite);
	}

	@Test
	void transactionsBelongToServicesNotControllers() {
		methods().that()
			.areDeclaredInClassesThat()
			.areAnnotatedWith(RestController.class)
			.should()
			.notBeAnnotatedWith(Transactional.class)
			.check(this.suite);
	}

}
