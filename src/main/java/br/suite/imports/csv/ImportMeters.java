package br.suite.imports.csv;

import java.time.Duration;
import java.time.Instant;

import io.micrometer.core.instrument.Metrics;

/**
 * The imports' meters (docs/operations.md "Metrics"): each confirmation timed by outcome
 * ({@code suite.imports}: applied, refused, replayed) and the rows it wrote by result
 * ({@code suite.imports.rows}: inserted, updated, unchanged, deleted).
 */
final class ImportMeters {

	private ImportMeters() {
	}

	static void confirmed(CsvImportService.Confirmation confirmation, Instant startedAt) {
		CsvImportResult result = confirmation.result();
		String outcome = confirmation.replayed() ? "replayed" : result.success() ? "applied" : "refused";
		Metrics.timer("suite.imports", "outcome", outcome).record(Duration.between(startedAt, Instant.now()));
		if (confirmation.replayed() || !result.success()) {
			return;
		}
		Metrics.counter("suite.imports.rows", "result", "inserted").increment(result.insertedCount());
		Metrics.counter("suite.imports.rows", "result", "updated").increment(result.updatedCount());
		Metrics.counter("suite.imports.rows", "result", "unchanged").increment(result.skippedCount());
		Metrics.counter("suite.imports.rows", "result", "deleted").increment(result.deletedCount());
	}

}
