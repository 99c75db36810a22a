-- Reconciliation rewrites the derived columns of many transactions and charges at once (allocated_amount,
-- matched_charge_id, matched_document_id; paid_amount, paid_on, status). Those columns are no longer
-- indexed, so PostgreSQL can update the rows in place (HOT, no index writes), and pages keep room for it.
-- The transaction list's "matched" filter now reads allocated_amount; a document's transactions are found
-- through finance_allocation's own index.
DROP INDEX IF EXISTS finance_transaction_matched_idx;
DROP INDEX IF EXISTS finance_transaction_document_idx;
DROP INDEX IF EXISTS finance_charge_status_idx;
ALTER TABLE finance_transaction SET (fillfactor = 85);
ALTER TABLE finance_charge SET (fillfactor = 85);
