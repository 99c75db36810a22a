package br.suite.access.roles;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.ApiTest;

/**
 * Group commit without a savepoint per write: a write that refuses before writing fails
 * alone in the shared transaction; a write the database fails (the transaction aborted)
 * makes the batch run again write by write, so it alone fails and the others commit.
 */
class SameRowWritesTests extends ApiTest {

	@Autowired
	SameRowWrites writes;

	@Autowired
	JdbcClient jdbc;

	private long insertRole(String name) {
		return this.jdbc
			.sql("INSERT INTO access_role (name, version, created_at, updated_at) VALUES (:name, 1, :now, :now) "
					+ "RETURNING id")
			.param("name", name)
			.param("now", OffsetDateTime.now())
			.query(Long.class)
			.single();
	}

	private long count(String prefix) {
		return this.jdbc.sql("SELECT count(*) FROM access_role WHERE name LIKE :prefix")
			.param("prefix", prefix + "%")
			.query(Long.class)
			.single();
	}

	@Test
	void aRefusalFailsAloneAndADatabaseFailureMakesTheBatchRunWriteByWrite() throws Exception {
		String prefix = unique("srw");
		String taken = prefix + "-taken";
		insertRole(taken);
		String key = prefix;
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<CompletableFuture<Long>> answers = new ArrayList<>();
			// The first write holds the lead long enough for the other seven to queue
			// into one batch behind it.
			answers.add(CompletableFuture.supplyAsync(() -> this.writes.run(key, () -> {
				sleep(400);
				return insertRole(prefix + "-0");
			}), pool));
			sleep(100);
			for (int i = 1; i < 8; i++) {
				int n = i;
				answers.add(CompletableFuture.supplyAsync(() -> this.writes.run(key, () -> switch (n) {
					// The database refuses this one (unique name): the transaction is
					// aborted.
					case 3 -> insertRole(taken);
					// Refused before writing anything.
					case 5 -> throw new IllegalStateException("refused before writing");
					// A failed statement hidden behind a plain exception: the
					// transaction is asked.
					case 6 -> {
						try {
							insertRole(taken);
						}
						catch (DataAccessException ex) {
							// swallowed on purpose
						}
						throw new IllegalStateException("refused after a failed statement");
					}
					default -> insertRole(prefix + "-" + n);
				}), pool));
			}
			for (int i = 0; i < 8; i++) {
				CompletableFuture<Long> answer = answers.get(i);
				if (i == 3) {
					assertThat(failure(answer)).isInstanceOf(DataAccessException.class);
				}
				else if (i == 5 || i == 6) {
					assertThat(failure(answer)).isInstanceOf(IllegalStateException.class);
				}
				else {
					assertThat(answer.get()).as("write " + i).isPositive();
				}
			}
		}
		finally {
			pool.shutdown();
		}
		// Six written (0, 1, 2, 4, 7 and the one taken before), nothing of 3, 5 or 6.
		assertThat(count(prefix)).isEqualTo(6);
		for (int i : new int[] { 0, 1, 2, 4, 7 }) {
			assertThat(count(prefix + "-" + i)).as("write " + i).isEqualTo(1);
		}
		assertThat(count(taken)).isEqualTo(1);
		this.jdbc.sql("DELETE FROM access_role WHERE name LIKE :prefix").param("prefix", prefix + "%").update();
	}

	private static Throwable failure(CompletableFuture<?> answer) throws InterruptedException {
		try {
			answer.get();
			throw new AssertionError("expected a failure");
		}
		catch (ExecutionException ex) {
			return ex.getCause();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
