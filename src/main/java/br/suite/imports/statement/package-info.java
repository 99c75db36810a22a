/**
 * {@code POST /api/prepare-statement-import}: a statement of any supported format
 * (detected from its content) prepared as one CSV-shaped import per account of the file,
 * each confirmed by op 7.
 */
@NullMarked
package br.suite.imports.statement;

import org.jspecify.annotations.NullMarked;
