package br.suite;

import java.util.List;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Requires;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * One instance for all the tests of the class: the classes are imported once, not once
 * per test (an import of the whole code is seconds of CPU).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArchitectureTests {

	/**
	 * The modules cut into slices: the root package holds the module's API and the kernel
	 * every slice needs, each sub-package one sub-feature. A module that gets slices is
	 * one more line here; the leaves named after it are pure code the root may use.
	 */
	private static final List<SlicedModule> SLICED = List.of(new SlicedModule("timeclock", "face", "jornada"),
			new SlicedModule("finance"), new SlicedModule("platform"), new SlicedModule("bills"),
			new SlicedModule("imports"), new SlicedModule("access"), new SlicedModule("shared"));

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

	@Test
	void slicesPointOneWay() {
		// Every br.suite.<module>.<slice> package, whichever the module: no cycle between
		// two of them.
		slices().matching("br.suite.(*).(*)..").should().beFreeOfCycles().check(this.suite);
	}

	@Test
	void aModuleRootUsesNoneOfItsSlices() {
		for (SlicedModule module : SLICED) {
			noClasses().that()
				.resideInAPackage(module.root())
				.should()
				.dependOnClassesThat(module.slices())
				.allowEmptyShould(true)
				.check(this.suite);
		}
	}

	@Test
	void jornadaIsPureComputation() {
		classes().that()
			.resideInAPackage("br.suite.timeclock.jornada..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("br.suite.timeclock.jornada..", "java..", "org.jspecify..")
			.check(this.suite);
	}

	private record SlicedModule(String name, String... leaves) {

		String root() {
			return "br.suite." + this.name;
		}

		DescribedPredicate<JavaClass> slices() {
			String prefix = root() + ".";
			List<String> leaves = List.of(this.leaves).stream().map((leaf) -> prefix + leaf).toList();
			return DescribedPredicate.describe("reside in a slice of " + root() + " other than " + leaves,
					(type) -> type.getPackageName().startsWith(prefix) && leaves.stream()
						.noneMatch((leaf) -> type.getPackageName().equals(leaf)
								|| type.getPackageName().startsWith(leaf + ".")));
		}

	}

}
