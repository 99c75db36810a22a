-- Where each transaction came from: a file import (CSV, OFX/OFC, CNAB), the provider's pull sync or its webhook.
-- A file import replaces or updates only file rows, so a statement file never erases what a provider wrote.
-- Rows written before this column are file rows unless the sync log of their last write says otherwise.
ALTER TABLE finance_transaction ADD COLUMN source varchar(20) NOT NULL DEFAULT 'file'
    CHECK (source IN ('file', 'provider_sync', 'webhook'));

UPDATE finance_transaction t SET source = l.flow
FROM finance_sync_log l
WHERE l.import_id = t.import_id AND l.flow IN ('provider_sync', 'webhook');
