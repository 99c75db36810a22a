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
 * the seed, and {@code -Dsuite.property.seed=<seed>} replays exactly that run.
 */
public final class Property {

	public static final int TRIES = 1000;

	private static final String SEED_PROPERTY = "suite.property.seed";

	private Property() {
	}

	public static <T> void forAll(String name, Function<Random, T> generator, Consumer<T> check) {
		forAll(name, TRIES, generator, check);
	}

	public static <T> void forAll(String name, int tries, Function<Random, T> generator, Consumer<T> check) {
		long seed = seed();
		Random random = new Random(seed);
		for (int i = 1; i <= tries; i++) {
			T value = generator.apply(random);
			try {
				check.accept(value);
			}
			catch (AssertionError | RuntimeException e) {
				throw new AssertionError("Property '" + name + "' falsified on try " + i + " of " + tries + " by "
						+ describe(value) + "; replay with -D" + SEED_PROPERTY + "=" + seed, e);
			}
		}
		System.out.println("[property] " + name + ": " + tries + " tries passed, seed " + seed);
	}

	private static String describe(Object value) {
		return value instanceof Object[] array ? Arrays.toString(array) : String.valueOf(value);
	}

	private static long seed() {
		String fixed = System.getProperty(SEED_PROPERTY);
		return fixed == null || fixed.isBlank() ? new Random().nextLong() : Long.parseLong(fixed);
	}

}
