package br.suite.customers;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.shared.ApiProblem;

/**
 * How customers and suppliers keep a documento to one party of each kind, and name the
 * party holding it when they refuse one.
 */
final class UniqueDocumentos {

	private UniqueDocumentos() {
	}

	/**
	 * Creates a party in one statement: the unique index on documento decides ({@code ON
	 * CONFLICT DO NOTHING} waits for a concurrent writer of the same documento and then
	 * sees its row), so a new party costs one round trip, and only a taken documento
	 * costs a second one, to name the party holding it.
	 * @param insert the insert, answering the new id, or nothing when the documento is
	 * taken
	 * @param holder the id of the party holding the documento
	 * @param taken the refusal naming the holder's id (0 when it could not be read)
	 * @return the new party's id
	 */
	static long insert(Supplier<Optional<Long>> insert, Supplier<Optional<Long>> holder,
			LongFunction<? extends ApiProblem> taken) {
		// The holder of a conflicting documento may be deleted before it is read: then
		// the insert is tried again.
		for (int attempt = 1;; attempt++) {
			Optional<Long> id = insert.get();
			if (id.isPresent()) {
				return id.get();
			}
			Optional<Long> existing = holder.get();
			if (existing.isPresent() || attempt >= 3) {
				throw taken.apply(existing.orElse(0L));
			}
		}
	}

	/**
	 * Refuses a documento another party of the kind holds. The advisory lock (in
	 * {@code locks}, one key space per kind) makes concurrent writers of the same
	 * documento take turns, so the second one sees the first one's party and is told its
	 * id, instead of tripping over the unique index.
	 */
	static void requireFree(JdbcClient jdbc, int locks, String documento, @Nullable Long exceptId,
			Function<String, Optional<Long>> holder, LongFunction<? extends ApiProblem> taken) {
		if (documento.isEmpty()) {
			return;
		}
		jdbc.sql("SELECT pg_advisory_xact_lock(:space, hashtext(:documento))")
			.param("space", locks)
			.param("documento", documento)
			.query()
			.singleRow();
		holder.apply(documento).filter(existing -> !existing.equals(exceptId)).ifPresent(existing -> {
			throw taken.apply(existing);
		});
	}

}
