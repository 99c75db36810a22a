-- A pix charge created at a Pix provider (POST /api/finance/charges/{id}/pix/): which connection holds it,
-- as a cob (no due date) or cobv (due date), its BR Code text (the answer's pixCopiaECola, or one built from
-- its location), the location, and its status at the provider as last seen (ATIVA, or
-- REMOVIDA_PELO_USUARIO_RECEBEDOR once Suite cancelled it there). The txid is the charge's own txid column.
ALTER TABLE finance_charge
    ADD COLUMN pix_connection_id bigint REFERENCES finance_connection (id) ON DELETE SET NULL,
    ADD COLUMN pix_kind varchar(4) NOT NULL DEFAULT '' CHECK (pix_kind IN ('', 'cob', 'cobv')),
    ADD COLUMN pix_copia_e_cola varchar(512) NOT NULL DEFAULT '',
    ADD COLUMN pix_location varchar(200) NOT NULL DEFAULT '',
    ADD COLUMN pix_status varchar(40) NOT NULL DEFAULT '',
    -- The public payment page's token (/pagar/{token}): two version-4 UUIDs from PostgreSQL's strong random
    -- source, 244 random bits, 64 hex characters; one per charge, every existing charge gets its own.
    ADD COLUMN payment_token varchar(64) NOT NULL
        DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
        CHECK (payment_token ~ '^[0-9a-f]{64}$');
CREATE UNIQUE INDEX finance_charge_payment_token_key ON finance_charge (payment_token);
CREATE INDEX finance_charge_pix_connection_idx ON finance_charge (pix_connection_id) WHERE pix_connection_id IS NOT NULL;
