-- Issue 28: no global write lock. Writers no longer take the chain head's row lock: they append the
-- event unchained (id from a sequence, no hash). One sequencer at a time (AuditSequencer, under an
-- advisory lock) chains the committed events not chained yet: it gives each the next chain position
-- (chain_seq, gap-free), the previous event's hash and its own hash. Ids may now have gaps (a rolled-back
-- event's id is not given back); the chain order is chain_seq, the order the events were sealed in.

CREATE SEQUENCE audit_event_id_seq OWNED BY audit_event.id;
SELECT setval('audit_event_id_seq', (SELECT last_id FROM audit_chain_head) + 1, false);
ALTER TABLE audit_event ALTER COLUMN id SET DEFAULT nextval('audit_event_id_seq');

ALTER TABLE audit_event ADD COLUMN chain_seq bigint;
ALTER TABLE audit_event ALTER COLUMN previous_hash DROP NOT NULL, ALTER COLUMN hash DROP NOT NULL;

-- The events so far were chained in id order, without gaps.
ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only;
UPDATE audit_event SET chain_seq = id;
ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only;

ALTER TABLE audit_event ADD CONSTRAINT audit_event_sealed_whole
    CHECK ((chain_seq IS NULL) = (hash IS NULL) AND (hash IS NULL) = (previous_hash IS NULL));
CREATE UNIQUE INDEX audit_event_chain_seq_idx ON audit_event (chain_seq);
CREATE INDEX audit_event_unsealed_idx ON audit_event (id) WHERE chain_seq IS NULL;

ALTER TABLE audit_chain_head ADD COLUMN last_seq bigint;
UPDATE audit_chain_head SET last_seq = last_id;
ALTER TABLE audit_chain_head ALTER COLUMN last_seq SET NOT NULL;

-- Still append-only; the one change allowed is the sequencer's sealing of an unsealed event: setting its
-- chain position and hashes, every other column as it was. A sealed event can no longer change at all.
CREATE OR REPLACE FUNCTION audit_event_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL
        AND to_jsonb(NEW) - ARRAY['chain_seq', 'previous_hash', 'hash']
            = to_jsonb(OLD) - ARRAY['chain_seq', 'previous_hash', 'hash'] THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'audit events are append-only and cannot be changed or deleted';
END;
$$;
