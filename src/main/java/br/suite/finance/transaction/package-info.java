/**
 * Transactions and sync logs as the API lists and shows them
 * ({@code /api/finance/transactions/}, {@code /api/finance/sync-logs/}). They are written
 * by the root's ledger kernel (imports, Pix sync), never here.
 */
@NullMarked
package br.suite.finance.transaction;

import org.jspecify.annotations.NullMarked;
