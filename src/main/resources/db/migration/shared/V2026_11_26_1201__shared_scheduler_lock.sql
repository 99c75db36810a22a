-- ShedLock's table: a scheduled job takes its row's lock before running, so instances sharing this
-- database run each job once per schedule (docs/operations.md, "Running more than one instance").
CREATE TABLE shared_scheduler_lock (
    name       varchar(64)  PRIMARY KEY,
    lock_until timestamptz  NOT NULL,
    locked_at  timestamptz  NOT NULL,
    locked_by  varchar(255) NOT NULL
);
