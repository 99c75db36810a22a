-- A settled debit may pay a bill's installment (the bills module's payment): a third kind of allocation
-- target, the payment's id (no foreign key across modules). It counts in the transaction's allocated_amount
-- like the other two.
ALTER TABLE finance_allocation ADD COLUMN bill_payment_id bigint;
ALTER TABLE finance_allocation DROP CONSTRAINT finance_allocation_check;
ALTER TABLE finance_allocation ADD CONSTRAINT finance_allocation_one_target CHECK (
    (charge_id IS NOT NULL)::int + (fiscal_document_id IS NOT NULL)::int + (bill_payment_id IS NOT NULL)::int = 1);
CREATE UNIQUE INDEX finance_allocation_bill_payment_key ON finance_allocation (bill_payment_id)
    WHERE bill_payment_id IS NOT NULL;
