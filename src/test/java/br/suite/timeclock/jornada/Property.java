package br.suite.timeclock.jornada;

import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The property runner of br.suite.shared (package-private there), for this package: draws
 * {@code tries} random cases from one fresh seed; a failure names the seed and
 * {@code -Dsuite.property.seed=<seed>} replays exactly that run.
 */
final class Property {

	private static final String SEED_PROPERTY = "suite.property.seed";

	private Property() {
	}

	static <T> void forAll(String name, int tries, Function<Random, T> generator, Consumer<T> check) {
		String fixed = System.getProperty(SEED_PROPERTY);
		long seed = fixed == null || fixed.isBlank() ? new Random().nextLong() : Long.parseLong(fixed);
		Random random = new Random(seed);
		for (int i = 1; i <= tries; i++) {
			T value = generator.apply(random);
			try {
				check.accept(value);
			}
			catch (AssertionError | RuntimeException e) {
				throw new AssertionError("Property '" + name + "' falsified on try " + i + " of " + tries + " by "
						+ value + "; replay with -D" + SEED_PROPERTY + "=" + seed, e);
			}
		}
		System.out.println("[property] " + name + ": " + tries + " tries passed, seed " + seed);
	}

}
