/**
 * Reading a bank statement file into lines: CSV (encoding, delimiter, header and column
 * detection, Brazilian number and date forms), OFX 1.x/2.x and OFC, and CNAB 240/400
 * return files. Pure parsing: no Spring bean, no database; every reader answers a
 * {@link br.suite.imports.reader.StatementFile} whose lines finance checks.
 */
@NullMarked
package br.suite.imports.reader;

import org.jspecify.annotations.NullMarked;
