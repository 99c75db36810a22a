/**
 * CSV import of bank statements: a file is prepared (read, normalised, previewed, nothing
 * written) and then confirmed atomically (op 7), optionally replacing one month.
 * Transactions and sync logs are finance's; this module writes them only through
 * {@link br.suite.finance.TransactionImports} and keeps its own record of each
 * confirmation for idempotent retries. It publishes
 * {@link br.suite.imports.TransactionsImported} after each confirmed import.
 *
 * <p>
 * The root holds the module's API (the event) and what every slice shares (the statement
 * fields, the upload size limits); the slices are {@code reader} (files into lines),
 * {@code csv} (prepare and confirm a CSV, op 7), {@code statement} (prepare any format)
 * and {@code wizard} (the pages).
 */
@ApplicationModule(allowedDependencies = { "shared", "finance", "audit", "web" })
@NullMarked
package br.suite.imports;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
