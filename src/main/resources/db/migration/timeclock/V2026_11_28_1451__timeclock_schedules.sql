-- Work schedules and their assignment with history (issue 24, jornada-clt.md §3).
-- days: "mon=08:00-12:00,13:00-17:00;tue=…" (weekly); intervals: "07:00-13:00,14:00-19:00" (cycle).
CREATE TABLE timeclock_schedule (
    id                         bigserial PRIMARY KEY,
    name                       varchar(120) NOT NULL,
    kind                       varchar(10)  NOT NULL CHECK (kind IN ('weekly', 'cycle')),
    days                       text,
    rest_day                   varchar(3),
    cycle_start                date,
    work_days                  integer,
    off_days                   integer,
    intervals                  text,
    tolerance_per_mark_minutes integer      NOT NULL CHECK (tolerance_per_mark_minutes BETWEEN 0 AND 5),
    tolerance_daily_minutes    integer      NOT NULL CHECK (tolerance_daily_minutes BETWEEN 0 AND 10),
    time_bank                  boolean      NOT NULL,
    time_bank_expiry_months    integer      NOT NULL CHECK (time_bank_expiry_months BETWEEN 1 AND 12),
    night_reduced_hour         boolean      NOT NULL,
    created_at                 timestamptz  NOT NULL DEFAULT now(),
    updated_at                 timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE timeclock_schedule_assignment (
    id          bigserial PRIMARY KEY,
    employee_id bigint      NOT NULL,
    schedule_id bigint      NOT NULL REFERENCES timeclock_schedule (id),
    valid_from  date        NOT NULL,
    created_by  bigint      NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (employee_id, valid_from)
);

CREATE INDEX timeclock_schedule_assignment_schedule ON timeclock_schedule_assignment (schedule_id);
