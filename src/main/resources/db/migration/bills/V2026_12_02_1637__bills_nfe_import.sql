-- A payable made from a supplier's NF-e XML keeps the document's access key (unique: the same NF-e imported twice
-- is a 409 naming this bill) and the finance fiscal document registered with it (an id only, no foreign key
-- across modules). Both stay null for bills entered by hand.
ALTER TABLE bills_bill
    ADD COLUMN nfe_access_key     varchar(44),
    ADD COLUMN fiscal_document_id bigint;
CREATE UNIQUE INDEX bills_bill_nfe_access_key ON bills_bill (nfe_access_key) WHERE nfe_access_key IS NOT NULL;
