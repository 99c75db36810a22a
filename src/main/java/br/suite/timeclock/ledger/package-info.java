/**
 * The punch ledger (REP-P): registering a punch into the establishment's gap-free,
 * hash-chained sequence, reading and verifying it, comprovantes, and the punch and kiosk
 * pages.
 */
@NullMarked
package br.suite.timeclock.ledger;

import org.jspecify.annotations.NullMarked;
