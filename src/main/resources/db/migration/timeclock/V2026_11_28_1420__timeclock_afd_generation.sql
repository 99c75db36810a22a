-- The AFDs this server generated. The header's generation time is always the server's: a request may send
-- generated_at only to get again a file (or its .p7s) generated before, and only when its bytes are still
-- the same (sha256), so a signed AFD cannot be backdated.
CREATE TABLE timeclock_afd_generation (
    id               bigserial   PRIMARY KEY,
    establishment_id bigint      NOT NULL REFERENCES timeclock_establishment (id),
    date_from        date,
    date_to          date,
    allow_incomplete boolean     NOT NULL,
    generated_at     timestamptz NOT NULL,
    sha256           char(64)    NOT NULL,
    generated_by     bigint
);
CREATE INDEX timeclock_afd_generation_at_idx ON timeclock_afd_generation (establishment_id, generated_at);
