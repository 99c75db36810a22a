-- When each scheduled job (by its ShedLock name) last finished without an error, on any instance: the source of the
-- gauge suite_job_last_success_seconds (docs/operations.md, "Metrics"), so that a job not run for a day is seen
-- whichever instance ran it last and across restarts.
CREATE TABLE shared_job_run (
    name            varchar(64) PRIMARY KEY,
    last_success_at timestamptz NOT NULL
);
