/**
 * Allocations by hand ({@code /api/finance/allocations/}): a transaction's amount spread
 * over charges and fiscal documents, each refreshing the root's
 * {@code ReconciliationState} and publishing {@code AllocationsCreated}. The service
 * orchestrates; the SQL of {@code finance_allocation} is in {@code AllocationRepository}.
 */
@NullMarked
package br.suite.finance.allocation;

import org.jspecify.annotations.NullMarked;
