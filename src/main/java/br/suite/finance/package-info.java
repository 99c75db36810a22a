/**
 * Money and fiscal paperwork: payment-provider connections, the bank transactions they
 * bring in, the synchronisation logs that explain what arrived when, and the fiscal
 * documents (NF-e, NFC-e, NFS-e, CT-e) tied to that money. Clients read transactions and
 * sync logs; the system writes them through {@link br.suite.finance.TransactionImports},
 * the module's typed import port (implemented in the {@code ingest} slice), which the CSV
 * import calls inside its own database transaction.
 * <p>
 * The root holds the API other modules use and the kernel every slice shares (the row's
 * rules, the automatic reconciliation and the derived state); each sub-feature is one
 * slice: {@code ingest} (the writers behind the import port), {@code transaction},
 * {@code allocation}, {@code fiscal}, {@code connection}, {@code pix}, {@code charge},
 * {@code reconciliation}, {@code collection} (see docs/architecture.md, "Finance's
 * slices").
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "web" })
@NullMarked
package br.suite.finance;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
