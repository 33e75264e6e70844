-- Users whose direct messages were found closed, and when: a front end stops writing to them (each refused
-- message counts against the bot) until they are marked open again.

CREATE TABLE closed_dms (
    user_id   {text}   NOT NULL PRIMARY KEY,
    marked_at {moment} NOT NULL
) {without_rowid};
