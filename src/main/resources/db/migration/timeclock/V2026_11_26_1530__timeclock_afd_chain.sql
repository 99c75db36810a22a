-- The AFD type-7 record of every punch (Portaria 671, Anexo V), fixed when the punch is recorded: positions
-- 1-73 as written in the file (NSR, type, punch date-time, employee CPF, recorded date-time, collector,
-- on/off-line) and its SHA-256 over those 73 characters followed by the previous type-7 hash of the same
-- establishment (the empty text for the first). The comprovante prints afd_hash. The employee's CPF is kept
-- as it was at the punch. Punches recorded before this migration have none: the AFD chain of establishment 1
-- starts with its first punch after it (see docs/api.md).
ALTER TABLE timeclock_punch
    ADD COLUMN employee_cpf varchar(11),
    ADD COLUMN afd_line     varchar(73),
    ADD COLUMN afd_hash     char(64);
ALTER TABLE timeclock_establishment ADD COLUMN last_afd_hash varchar(64) NOT NULL DEFAULT '';
