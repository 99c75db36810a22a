-- Employees' requests (issue 27 item 1): a forgotten mark to include, one of their own punches to
-- disregard, an absence (with its certificate) or overtime to pre-approve. A manager approves or refuses
-- once; approving writes the adjustment or absence that names the request as its origin.
CREATE TABLE timeclock_request (
    id                       bigserial PRIMARY KEY,
    employee_id              bigint        NOT NULL,
    kind                     varchar(20)   NOT NULL CHECK (kind IN ('include_mark', 'disregard_mark', 'absence',
                                                                    'overtime')),
    status                   varchar(10)   NOT NULL DEFAULT 'pending'
                                           CHECK (status IN ('pending', 'approved', 'refused')),
    reason                   varchar(1000) NOT NULL,
    occurred_at              timestamptz,
    event_type               varchar(20),
    punch_id                 bigint REFERENCES timeclock_punch (id),
    date_from                date,
    date_to                  date,
    absence_kind             varchar(20),
    certificate              bytea,
    certificate_content_type varchar(40),
    certificate_sha256       char(64),
    overtime_minutes         integer CHECK (overtime_minutes BETWEEN 1 AND 720),
    created_at               timestamptz   NOT NULL DEFAULT now(),
    decided_by               bigint,
    decided_at               timestamptz,
    decision_comment         varchar(1000),
    adjustment_id            bigint,
    absence_id               bigint,
    CHECK ((status = 'pending') = (decided_by IS NULL)),
    CHECK (date_to IS NULL OR date_to >= date_from)
);

CREATE INDEX timeclock_request_employee ON timeclock_request (employee_id, id);
CREATE INDEX timeclock_request_pending ON timeclock_request (id) WHERE status = 'pending';

ALTER TABLE timeclock_punch_adjustment ADD COLUMN request_id bigint REFERENCES timeclock_request (id);
ALTER TABLE timeclock_absence ADD COLUMN request_id bigint REFERENCES timeclock_request (id);
