-- A bank transaction's management classification (contas a pagar e a receber): the bills module's category and
-- cost centre, checked through the TransactionCategories port (no foreign key across the modules; categories and
-- cost centres are never deleted). Category rules classify new imported rows that have none.
ALTER TABLE finance_transaction ADD COLUMN category_id bigint, ADD COLUMN cost_centre_id bigint;
CREATE INDEX finance_transaction_category_idx ON finance_transaction (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX finance_transaction_cost_centre_idx ON finance_transaction (cost_centre_id)
    WHERE cost_centre_id IS NOT NULL;

CREATE TABLE finance_category_rule (
    id                   bigserial PRIMARY KEY,
    priority             integer      NOT NULL DEFAULT 100,
    direction            varchar(10)  NOT NULL CHECK (direction IN ('credit', 'debit')),
    description_contains varchar(200) NOT NULL DEFAULT '',
    payer_document       varchar(14)  NOT NULL DEFAULT '',
    category_id          bigint       NOT NULL,
    cost_centre_id       bigint,
    active               boolean      NOT NULL DEFAULT true,
    version              bigint       NOT NULL DEFAULT 0,
    created_at           timestamptz  NOT NULL,
    updated_at           timestamptz  NOT NULL,
    CHECK (description_contains <> '' OR payer_document <> '')
);
