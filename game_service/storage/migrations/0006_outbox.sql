-- Reminders delivered at least once. The scheduler queues a reminder in the transaction that moves its decision
-- past the reminder point, and hands it out with a lease; the front end confirms it once the player got it, and
-- the row goes. An unconfirmed reminder is handed out again when its lease runs out (the process that held it
-- died), never to two schedulers at once; one whose decision is no longer owed is dropped. The reminder's words
-- (who, which decision, by when) are read from the game when it is handed out.

CREATE TABLE outbox (
    id           {id},
    game_id      {integer} NOT NULL REFERENCES games (id),
    seat         {integer} NOT NULL,
    -- The version at which the reminded decision fell due: the reminder lapses when the seat moves.
    version      {integer} NOT NULL,
    created_at   {moment}  NOT NULL,
    leased_until {moment}  NOT NULL
);

CREATE INDEX outbox_by_lease ON outbox (leased_until);
