-- Sessions of the web pages (Spring Session JDBC), shared by every instance and kept across restarts. The
-- layout is Spring Session's schema-postgresql.sql under the table name suite.web sets
-- (spring.session.jdbc.table-name=web_session); Spring Session's own schema initialisation is off. The
-- principal name is the username (up to 150 characters, see PageSessions), not a principal's toString().
CREATE TABLE web_session (
    primary_id            char(36)     NOT NULL,
    session_id            char(36)     NOT NULL,
    creation_time         bigint       NOT NULL,
    last_access_time      bigint       NOT NULL,
    max_inactive_interval int          NOT NULL,
    expiry_time           bigint       NOT NULL,
    principal_name        varchar(150),
    CONSTRAINT web_session_pk PRIMARY KEY (primary_id)
);

CREATE UNIQUE INDEX web_session_ix1 ON web_session (session_id);
CREATE INDEX web_session_ix2 ON web_session (expiry_time);
CREATE INDEX web_session_ix3 ON web_session (principal_name);

CREATE TABLE web_session_attributes (
    session_primary_id char(36)     NOT NULL,
    attribute_name     varchar(200) NOT NULL,
    attribute_bytes    bytea        NOT NULL,
    CONSTRAINT web_session_attributes_pk PRIMARY KEY (session_primary_id, attribute_name),
    CONSTRAINT web_session_attributes_fk FOREIGN KEY (session_primary_id) REFERENCES web_session (primary_id)
        ON DELETE CASCADE
);
