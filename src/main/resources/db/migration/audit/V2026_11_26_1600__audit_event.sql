-- The audit log: who changed what, when, from where. Append-only (a trigger refuses UPDATE and DELETE)
-- and hash-chained: each event's SHA-256 covers its canonical content and the previous event's hash.
-- Ids are gap-free and given out under the chain head's row lock, so the chain order is the id order.

CREATE TABLE audit_chain_head (
    id        smallint PRIMARY KEY CHECK (id = 1),
    last_id   bigint   NOT NULL,
    last_hash char(64) NOT NULL
);
INSERT INTO audit_chain_head (id, last_id, last_hash) VALUES (1, 0, repeat('0', 64));

CREATE TABLE audit_event (
    id             bigint       PRIMARY KEY,
    at             timestamptz  NOT NULL,
    actor_id       bigint,
    actor_name     varchar(200) NOT NULL,
    token_id       bigint,
    client_address varchar(64),
    request_id     varchar(100),
    action         varchar(100) NOT NULL,
    resource_type  varchar(100) NOT NULL,
    resource_id    varchar(200),
    changes        jsonb        NOT NULL,
    previous_hash  char(64)     NOT NULL,
    hash           char(64)     NOT NULL
);
CREATE INDEX audit_event_at_idx ON audit_event (at);
CREATE INDEX audit_event_actor_idx ON audit_event (actor_id, id);
CREATE INDEX audit_event_action_idx ON audit_event (action, id);
CREATE INDEX audit_event_resource_idx ON audit_event (resource_type, resource_id, id);

CREATE FUNCTION audit_event_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit events are append-only and cannot be changed or deleted';
END;
$$;
CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
    FOR EACH ROW EXECUTE FUNCTION audit_event_guard();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
    FOR EACH STATEMENT EXECUTE FUNCTION audit_event_guard();
