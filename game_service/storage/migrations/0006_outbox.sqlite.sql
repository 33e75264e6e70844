-- Reminders delivered at least once. The scheduler queues a reminder in the transaction that moves its decision
-- past the reminder point, and hands it out with a lease; the front end confirms it once the player got it, and
-- the row goes. An unconfirmed reminder is handed out again when its lease runs out (the process that held it
-- died), never to two schedulers at once; one whose decision is no longer owed is dropped. The reminder's words
-- (who, which decision, by when) are read from the game when it is handed out.

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    -- The version at which the reminded decision fell due: the reminder lapses when the seat moves.
    version      INTEGER NOT NULL,
    created_at   TEXT    NOT NULL,
    leased_until TEXT    NOT NULL
);

CREATE INDEX outbox_by_lease ON outbox (leased_until);
