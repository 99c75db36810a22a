-- Who answers for each webhook subscription: the user who created it or last changed its url or event
-- types. Every delivery is sent only while this user is active and holds the view permission of the data
-- its event type carries (docs/api.md § Webhooks, "Who may receive what").
--
-- A table of its own, not a column of webhooks_subscription, because this migration's version sorts
-- before the one that creates that table: on a new database it runs first. For the same reason there is
-- no foreign key to webhooks_subscription; the application deletes the row with its subscription.
-- owner_id is an access_user id (another module's table: no foreign key, as elsewhere).

CREATE TABLE webhooks_subscription_owner (
    subscription_id bigint      PRIMARY KEY,
    owner_id        bigint      NOT NULL,
    since           timestamptz NOT NULL
);
CREATE INDEX webhooks_subscription_owner_owner_idx ON webhooks_subscription_owner (owner_id);

-- On a database that already has subscriptions (this migration applied out of order), each one's owner is
-- the user of its latest audited creation or change of url or event types; a subscription without one gets
-- no delivery until someone holding the permissions changes its url or event types.
DO $$
BEGIN
    IF to_regclass('webhooks_subscription') IS NOT NULL AND to_regclass('audit_event') IS NOT NULL THEN
        INSERT INTO webhooks_subscription_owner (subscription_id, owner_id, since)
        SELECT DISTINCT ON (s.id) s.id, e.actor_id, e.at
        FROM webhooks_subscription s
        JOIN audit_event e ON e.resource_type = 'webhook_subscription' AND e.resource_id = s.id::text
        WHERE e.actor_id IS NOT NULL
          AND (e.action = 'webhooks.subscription.created'
               OR (e.action = 'webhooks.subscription.updated'
                   AND (e.changes -> 'url' IS NOT NULL OR e.changes -> 'event_types' IS NOT NULL)))
        ORDER BY s.id, e.id DESC;
    END IF;
END
$$;
