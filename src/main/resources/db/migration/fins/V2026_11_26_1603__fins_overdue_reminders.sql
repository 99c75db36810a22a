-- One overdue reminder per fins record and day: the daily job inserts here first and publishes only for new rows.
CREATE TABLE fins_overdue_reminder (
    record_id bigint NOT NULL,
    day       date   NOT NULL,
    PRIMARY KEY (record_id, day)
);
