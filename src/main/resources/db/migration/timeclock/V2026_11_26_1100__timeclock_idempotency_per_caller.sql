-- An Idempotency-Key belongs to the caller that sent it: it is unique per (calling user, key), not across the
-- whole ledger, so one kiosk can never be answered with another kiosk's punch.
--
-- Adding a column fires no row trigger, and the append-only guard compares whole rows (old and new both carry
-- the new column), so it keeps refusing every change. The hash chain does not cover the key or its caller,
-- so no existing hash changes. Punches recorded before this migration keep their key with no caller: nothing
-- is known about who sent them, and the ledger must not be rewritten, so they are simply never replayed again.
ALTER TABLE timeclock_punch ADD COLUMN idempotency_user_id bigint;
ALTER TABLE timeclock_punch DROP CONSTRAINT timeclock_punch_idempotency_key_key;
CREATE UNIQUE INDEX timeclock_punch_idempotency_idx ON timeclock_punch (idempotency_user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
-- From now on a key always comes with its caller (NOT VALID: older rows are legal records as they are).
ALTER TABLE timeclock_punch ADD CONSTRAINT timeclock_punch_idempotency_caller
    CHECK (idempotency_key IS NULL OR idempotency_user_id IS NOT NULL) NOT VALID;
