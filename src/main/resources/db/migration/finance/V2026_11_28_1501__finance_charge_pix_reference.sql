-- The reference of a pix charge's static BR Code (field 62/05, at most 25 letters and digits): a Pix paid
-- through that code arrives with it as its txid, which the automatic matching compares with this column
-- as it does with txid (a charge's txid, 26-35, does not fit a static code).
ALTER TABLE finance_charge ADD COLUMN pix_reference varchar(25) NOT NULL DEFAULT ''
    CHECK (pix_reference = '' OR pix_reference ~ '^[A-Za-z0-9]{1,25}$');
UPDATE finance_charge SET pix_reference = upper(substr(md5(random()::text || id::text), 1, 25))
WHERE kind = 'pix';
CREATE UNIQUE INDEX finance_charge_pix_reference_key ON finance_charge (pix_reference) WHERE pix_reference <> '';
