-- The transaction list's q searches description, payer name, payer document and end-to-end id by
-- substring. A trigram index keeps that fast at 100 000+ rows. pg_trgm ships with PostgreSQL's
-- standard contrib; where it is missing or may not be created, the same query runs without the index.
DO $$
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available (%); transaction search runs without its index', SQLERRM;
        RETURN;
    END;
    -- The expression must stay identical to the one TransactionService searches; U+001F keeps a
    -- search from matching across two fields.
    CREATE INDEX finance_transaction_search_idx ON finance_transaction USING gin (
        (description || E'\x1f' || payer_name || E'\x1f' || payer_document || E'\x1f' || end_to_end_id) gin_trgm_ops);
END
$$;
