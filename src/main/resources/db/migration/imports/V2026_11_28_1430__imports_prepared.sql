-- Imports prepared by the web wizard and waiting for the person's confirmation: what prepare read from
-- the file (the rows to confirm, the preview, the problems), as the JSON prepare answers on the API. The
-- page session holds only the row's id, so the file's rows are read at the preview and the confirmation,
-- not with every request of the session. A row is deleted once its import is confirmed or cancelled;
-- one left behind (the person walked away) is deleted a day later, by the next prepare.
CREATE TABLE imports_prepared (
    id          uuid        PRIMARY KEY,
    user_id     bigint      NOT NULL,
    preparation jsonb       NOT NULL,
    created_at  timestamptz NOT NULL
);

CREATE INDEX imports_prepared_created_at ON imports_prepared (created_at);
