-- Establishments become a resource (issue 14): the employer of each REP-P sequence. The single establishment
-- created with the ledger stays establishment 1 with its punches, NSRs and hash chain; its employer document
-- is unknown until someone sets it, so the column is nullable (the AFD export refuses an establishment without one).
ALTER TABLE timeclock_establishment
    ADD COLUMN employer_document varchar(14),
    ADD COLUMN cei_caepf_cno     varchar(14)  NOT NULL DEFAULT '',
    ADD COLUMN address           varchar(100) NOT NULL DEFAULT '',
    ADD COLUMN active            boolean      NOT NULL DEFAULT true,
    ADD COLUMN created_at        timestamptz  NOT NULL DEFAULT now(),
    ADD COLUMN updated_at        timestamptz  NOT NULL DEFAULT now();
CREATE SEQUENCE timeclock_establishment_id_seq START WITH 2 OWNED BY timeclock_establishment.id;
ALTER TABLE timeclock_establishment ALTER COLUMN id SET DEFAULT nextval('timeclock_establishment_id_seq');

-- Each punch keeps the zone of its establishment at the moment it was recorded (occurred_at_local, the AFD's
-- offsets); punches recorded before this migration were all in America/Sao_Paulo.
ALTER TABLE timeclock_punch ADD COLUMN time_zone varchar(64);
