/**
 * Adjustments of the ledger: inclusions of forgotten marks and disregards of wrong ones,
 * never edits of a punch.
 */
@NullMarked
package br.suite.timeclock.adjustment;

import org.jspecify.annotations.NullMarked;
