-- Tokens expire: expires_at slides forward when the token is used (written at most once a minute).
-- last_used_at stays NULL until the token is first used.
ALTER TABLE access_token
    ADD COLUMN last_used_at timestamptz,
    ADD COLUMN expires_at   timestamptz;
UPDATE access_token SET expires_at = now() + interval '30 days';
ALTER TABLE access_token ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX access_token_expires_idx ON access_token (expires_at);

-- Set while the user holds a temporary password (issued at creation or by a reset): when it stops
-- being accepted. NULL once the user chose a password.
ALTER TABLE access_user ADD COLUMN temporary_password_expires_at timestamptz;

-- Failed sign-ins per username (lower case, whether or not such a user exists), shared by every
-- instance: after 5 failures in a row, sign-ins for the name wait until locked_until.
CREATE TABLE access_login_throttle (
    username_key    varchar(150) PRIMARY KEY,
    failures        integer      NOT NULL,
    last_failure_at timestamptz  NOT NULL,
    locked_until    timestamptz
);
