/**
 * The import pages: the wizard that uploads a statement, keeps the prepared import
 * between its steps and confirms it, and the pages' Portuguese wording of the readers'
 * line messages ({@code @importLines}).
 */
@NullMarked
package br.suite.imports.wizard;

import org.jspecify.annotations.NullMarked;
