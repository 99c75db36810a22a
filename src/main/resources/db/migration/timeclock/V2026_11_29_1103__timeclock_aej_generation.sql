-- Each AEJ this server generated (issue 27 item 2): its generation time comes back as generated_at to get the same
-- bytes again for the detached signature, as for the AFD (timeclock_afd_generation).
CREATE TABLE timeclock_aej_generation (
    id               bigserial PRIMARY KEY,
    establishment_id bigint      NOT NULL REFERENCES timeclock_establishment (id),
    date_from        date        NOT NULL,
    date_to          date        NOT NULL,
    allow_incomplete boolean     NOT NULL,
    generated_at     timestamptz NOT NULL,
    sha256           char(64)    NOT NULL,
    generated_by     bigint
);

CREATE INDEX timeclock_aej_generation_lookup ON timeclock_aej_generation (establishment_id, generated_at);
