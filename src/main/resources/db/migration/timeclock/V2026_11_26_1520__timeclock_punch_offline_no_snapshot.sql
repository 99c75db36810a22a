-- A punch is never refused (Portaria 671 art. 74: the REP-P may not restrict punches): without a snapshot it is
-- recorded with reason no_snapshot, so the snapshot's type and SHA-256 may be absent. Offline punches carry the
-- collector's time in occurred_at and the server's receipt time in recorded_at (AFD type 7 fields 3 and 5).
-- Punches recorded before this migration were all on-line and recorded when they occurred (recorded_at null).
ALTER TABLE timeclock_punch ALTER COLUMN snapshot_sha256 DROP NOT NULL;
ALTER TABLE timeclock_punch ALTER COLUMN snapshot_type DROP NOT NULL;
ALTER TABLE timeclock_punch ADD COLUMN offline boolean NOT NULL DEFAULT false;
ALTER TABLE timeclock_punch ADD COLUMN recorded_at timestamptz;
