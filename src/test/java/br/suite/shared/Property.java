package br.suite.shared;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A minimal property runner: draws {@code tries} random cases from one seed and checks
 * each.
 *
 * <p>
 * Every run uses a fresh seed so that repeated CI runs explore new cases; a failure names
 * the seed, and {@code -Dsuite.property.seed=<seed>} replays exactly that run (with the
 * same number of tries). The default numbers of tries are the ones a run of the suite
 * affords (a second for all properties); {@code -Dsuite.property.scale=<n>} runs n times
 * as many, for a longer search.
 */
public final class Property {

	public static final int TRIES = 1000;

	private static final String SEED_PROPERTY = "suite.property.seed";

	private static final String SCALE_PROPERTY = "suite.property.scale";

	private Property() {
	}

	public static <T> void forAll(String name, Function<Random, T> generator, Consumer<T> check) {
		forAll(name, TRIES, generator, check);
	}

	public static <T> void forAll(String name, int defaultTries, Function<Random, T> generator, Consumer<T> check) {
		int tries = defaultTries * scale();
		long seed = seed();
		Random random = new Random(seed);
		for (int i = 1; i <= tries; i++) {
			T value = generator.apply(random);
			try {
				check.accept(value);
			}
			catch (AssertionError | RuntimeException e) {
				throw new AssertionError("Property '" + name + "' falsified on try " + i + " of " + tries + " by "
						+ describe(value) + "; replay with -D" + SEED_PROPERTY + "=" + seed
						+ (tries == defaultTries ? "" : " -D" + SCALE_PROPERTY + "=" + scale()), e);
			}
		}
		System.out.println("[property] " + name + ": " + tries + " tries passed, seed " + seed);
	}

	private static String describe(Object value) {
		return value instanceof Object[] array ? Arrays.toString(array) : String.valueOf(value);
	}

	private static int scale() {
		String scale = System.getProperty(SCALE_PROPERTY);
		return scale == null || scale.isBlank() ? 1 : Math.max(1, Integer.parseInt(scale.strip()));
	}

	private static long seed() {
		String fixed = System.getProperty(SEED_PROPERTY);
		return fixed == null || fixed.isBlank() ? new Random().nextLong() : Long.parseLong(fixed);
	}

}
