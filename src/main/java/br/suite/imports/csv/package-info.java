/**
 * The CSV import: {@code POST /api/prepare-csv-import} reads a file and previews it
 * (nothing written); op 7 ({@code POST /api/confirm-csv-import}) reads the confirmation
 * row by row, checks every row again and writes the month through finance in one
 * transaction, keeping a record of each confirmation for idempotent retries. Also the
 * upload options and file taking that every prepare shares.
 */
@NullMarked
package br.suite.imports.csv;

import org.jspecify.annotations.NullMarked;
