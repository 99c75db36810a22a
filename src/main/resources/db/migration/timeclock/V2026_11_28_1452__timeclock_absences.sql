-- Absences of employees (issue 24 item 4, jornada-clt.md §8) and their optional certificate
-- (health data: read back with its own permission, every read audited).
CREATE TABLE timeclock_absence (
    id                       bigserial PRIMARY KEY,
    employee_id              bigint       NOT NULL,
    date_from                date         NOT NULL,
    date_to                  date         NOT NULL,
    kind                     varchar(20)  NOT NULL CHECK (kind IN ('atestado', 'ferias', 'licenca', 'folga',
                                                                   'falta_justificada', 'falta')),
    note                     varchar(500) NOT NULL DEFAULT '',
    certificate              bytea,
    certificate_content_type varchar(40),
    certificate_sha256       char(64),
    created_by               bigint       NOT NULL,
    created_at               timestamptz  NOT NULL DEFAULT now(),
    CHECK (date_to >= date_from)
);

CREATE INDEX timeclock_absence_employee ON timeclock_absence (employee_id, date_from);
