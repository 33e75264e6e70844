-- Users whose direct messages were found closed, and when: see 0005_closed_dms.sqlite.sql.

CREATE TABLE closed_dms (
    user_id   text        NOT NULL PRIMARY KEY,
    marked_at timestamptz NOT NULL
);
