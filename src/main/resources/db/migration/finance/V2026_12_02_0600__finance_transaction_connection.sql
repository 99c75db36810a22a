-- The connection a provider's sync or webhook wrote a transaction through, so the rows of one forged or
-- misconfigured connection can be found (GET /api/finance/transactions/?connection_id=) and reverted in one
-- step (POST /api/finance/connections/{id}/revert-transactions/). File rows carry none.
ALTER TABLE finance_transaction ADD COLUMN connection_id bigint REFERENCES finance_connection (id);

-- A connection is unique per provider and account, and cannot be deleted while its account has
-- transactions, so the provider rows written before this column came through the connection of their account.
UPDATE finance_transaction t SET connection_id = c.id
FROM finance_connection c
WHERE t.source <> 'file' AND c.provider = t.provider AND c.account_id = t.account_id;

CREATE INDEX finance_transaction_connection_idx ON finance_transaction (connection_id) WHERE connection_id IS NOT NULL;
