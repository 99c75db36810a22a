-- The back office counts and lists the deliveries that gave up (status failed) on its dashboard: a partial
-- index keeps that cheap however many delivered rows accumulate.
CREATE INDEX webhooks_delivery_failed_idx ON webhooks_delivery (id) WHERE status = 'failed';
