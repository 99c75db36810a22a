/**
 * Fiscal documents ({@code /api/finance/fiscal-documents/}) and their pages: content
 * rules, status changes ({@code FiscalDocumentStatusChanged}) and the allocations they
 * link.
 */
@NullMarked
package br.suite.finance.fiscal;

import org.jspecify.annotations.NullMarked;
