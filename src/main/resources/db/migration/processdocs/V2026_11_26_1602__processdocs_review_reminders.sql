-- One review reminder per document and day: the daily job inserts here first and publishes only for new rows.
CREATE TABLE processdocs_review_reminder (
    document_id bigint NOT NULL,
    day         date   NOT NULL,
    PRIMARY KEY (document_id, day)
);
