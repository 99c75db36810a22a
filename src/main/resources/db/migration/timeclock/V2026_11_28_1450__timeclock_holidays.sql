-- Company holidays (state and municipal) of the jornada computation; national holidays are
-- computed, not stored (issue 24, jornada-clt.md §4). establishment_id null: every
-- establishment.
CREATE TABLE timeclock_holiday (
    id               bigserial PRIMARY KEY,
    date             date         NOT NULL,
    name             varchar(120) NOT NULL,
    scope            varchar(10)  NOT NULL CHECK (scope IN ('state', 'municipal')),
    establishment_id bigint REFERENCES timeclock_establishment (id),
    created_by       bigint       NOT NULL,
    created_at       timestamptz  NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX timeclock_holiday_date_establishment
    ON timeclock_holiday (date, COALESCE(establishment_id, 0));
