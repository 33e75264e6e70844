-- Deadlines and reminders for slow games, and votes: the same columns, indexes and table as
-- 0003_deadlines.sqlite.sql (whose trigger rewrite has no counterpart here: see 0002).

ALTER TABLE decisions ADD COLUMN extra_seconds bigint NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN reminded bigint NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN due_at timestamptz;
ALTER TABLE decisions ADD COLUMN remind_at timestamptz;

CREATE INDEX decisions_by_due ON decisions (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX decisions_by_reminder ON decisions (remind_at) WHERE remind_at IS NOT NULL;

CREATE TABLE votes (
    game_id        bigint      NOT NULL REFERENCES games (id),
    kind           text        NOT NULL CHECK (kind IN ('replace', 'end')),
    target_seat    bigint      NOT NULL DEFAULT -1,
    target_version bigint      NOT NULL DEFAULT -1,
    voter_id       text        NOT NULL,
    at             timestamptz NOT NULL,
    PRIMARY KEY (game_id, kind, target_seat, target_version, voter_id)
);
