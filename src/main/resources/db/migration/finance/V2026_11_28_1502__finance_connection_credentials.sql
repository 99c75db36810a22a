-- A connection's provider credentials (API Pix). The secrets (client id and secret, client certificate and
-- private key, extra header and query values, server CA) are one AES-GCM sealed value (shared SecretBox,
-- key SUITE_SECRETS_KEY or data/secrets.key); the other columns say what is set, never a secret.
CREATE TABLE finance_connection_credential (
    connection_id          bigint       PRIMARY KEY REFERENCES finance_connection (id) ON DELETE CASCADE,
    kind                   varchar(20)  NOT NULL CHECK (kind IN ('pix_api')),
    base_url               varchar(500) NOT NULL,
    token_url              varchar(500) NOT NULL,
    token_auth             varchar(20)  NOT NULL CHECK (token_auth IN ('basic', 'form', 'client_id_only')),
    scope                  varchar(1000) NOT NULL DEFAULT '',
    pix_key                varchar(77)  NOT NULL DEFAULT '',
    secrets                bytea        NOT NULL,
    client_secret_set      boolean      NOT NULL,
    certificate            varchar(10)  NOT NULL CHECK (certificate IN ('p12', 'pem', 'none')),
    certificate_subject    varchar(500) NOT NULL DEFAULT '',
    certificate_expires_at timestamptz,
    server_ca_set          boolean      NOT NULL,
    extra_header_names     text[]       NOT NULL DEFAULT '{}',
    extra_query_names      text[]       NOT NULL DEFAULT '{}',
    updated_at             timestamptz  NOT NULL
);
