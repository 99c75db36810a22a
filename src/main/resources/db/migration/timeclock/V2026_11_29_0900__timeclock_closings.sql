-- Monthly closing of the jornada (issue 24 item 7): a closing freezes, per employee of an
-- establishment, the month's espelho (figures, marks, flags, totals, bank) and its PDF, so
-- later changes to schedules, holidays or the code never alter a closed month.

CREATE TABLE timeclock_closing (
    id               bigserial PRIMARY KEY,
    establishment_id bigint      NOT NULL REFERENCES timeclock_establishment (id),
    month            date        NOT NULL CHECK (extract(day FROM month) = 1),
    closed_by        bigint      NOT NULL,
    closed_at        timestamptz NOT NULL DEFAULT now(),
    reopened_by      bigint,
    reopened_at      timestamptz,
    CHECK ((reopened_by IS NULL) = (reopened_at IS NULL))
);

-- At most one closing in force per establishment and month: of two concurrent closings one
-- wins, the other is a 409. Reopened closings stay, as history of the signatures they carried.
CREATE UNIQUE INDEX timeclock_closing_in_force ON timeclock_closing (establishment_id, month)
    WHERE reopened_at IS NULL;

CREATE TABLE timeclock_closing_employee (
    closing_id          bigint      NOT NULL REFERENCES timeclock_closing (id),
    employee_id         bigint      NOT NULL,
    month               date        NOT NULL,
    -- the espelho as served (JSON of br.suite.timeclock.Timesheet) and the PDF as signed
    timesheet           jsonb       NOT NULL,
    pdf                 bytea       NOT NULL,
    pdf_sha256          char(64)    NOT NULL,
    -- the banco de horas carried into the next month (jornada BankState)
    bank_balance        integer     NOT NULL,
    bank_period_start   date,
    bank_period_months  integer     NOT NULL,
    -- [window_start, window_end): the instants whose marks the month's day windows hold
    window_start        timestamptz NOT NULL,
    window_end          timestamptz NOT NULL,
    PRIMARY KEY (closing_id, employee_id)
);

CREATE INDEX timeclock_closing_employee_month ON timeclock_closing_employee (employee_id, month);

CREATE TABLE timeclock_timesheet_signature (
    id             bigserial PRIMARY KEY,
    closing_id     bigint      NOT NULL,
    employee_id    bigint      NOT NULL,
    signed_by      bigint      NOT NULL,
    signed_at      timestamptz NOT NULL DEFAULT now(),
    pdf_sha256     char(64)    NOT NULL,
    disagreement   text,
    -- set when the closing is reopened: the signature no longer covers figures in force
    invalidated_at timestamptz,
    UNIQUE (closing_id, employee_id),
    FOREIGN KEY (closing_id, employee_id) REFERENCES timeclock_closing_employee (closing_id, employee_id)
);

-- Frozen figures and signatures are never changed or deleted (a reopening only marks them).
CREATE FUNCTION timeclock_closing_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'timeclock_timesheet_signature' AND TG_OP = 'UPDATE'
            AND OLD.invalidated_at IS NULL AND NEW.invalidated_at IS NOT NULL
            AND (NEW.id, NEW.closing_id, NEW.employee_id, NEW.signed_by, NEW.signed_at, NEW.pdf_sha256,
                 NEW.disagreement) IS NOT DISTINCT FROM
                (OLD.id, OLD.closing_id, OLD.employee_id, OLD.signed_by, OLD.signed_at, OLD.pdf_sha256,
                 OLD.disagreement) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% is frozen: rows are never changed or deleted', TG_TABLE_NAME;
END $$;

CREATE TRIGGER timeclock_closing_employee_frozen BEFORE UPDATE OR DELETE ON timeclock_closing_employee
    FOR EACH ROW EXECUTE FUNCTION timeclock_closing_frozen();
CREATE TRIGGER timeclock_timesheet_signature_frozen BEFORE UPDATE OR DELETE ON timeclock_timesheet_signature
    FOR EACH ROW EXECUTE FUNCTION timeclock_closing_frozen();
