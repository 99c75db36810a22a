/**
 * Reconciliation by hand and its suggestions ({@code /api/finance/reconciliation/…}), the
 * reconciliation meters, and the transaction and charge pages that show each one with its
 * reconciliation ({@code ReconciliationViews}).
 */
@NullMarked
package br.suite.finance.reconciliation;

import org.jspecify.annotations.NullMarked;
