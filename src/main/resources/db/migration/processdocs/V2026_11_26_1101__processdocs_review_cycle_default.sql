-- review_cycle_days is an integer in the spec, never null: a document without a cycle of its own is reviewed
-- yearly (ISO 9001 practice). Documents stored without one take 365 days now; their next review follows
-- from it where a last review is known (the computed-date check demands it), and their row version moves on
-- so that an ETag taken before no longer matches the changed document.
UPDATE processdocs_document
SET review_cycle_days = 365, next_review_at = last_review_at + 365, row_version = row_version + 1
WHERE review_cycle_days IS NULL;
ALTER TABLE processdocs_document ALTER COLUMN review_cycle_days SET DEFAULT 365;
ALTER TABLE processdocs_document ALTER COLUMN review_cycle_days SET NOT NULL;
