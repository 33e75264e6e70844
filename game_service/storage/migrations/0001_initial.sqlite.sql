-- Games, their seats, the action log (the source of truth), one state snapshot per game written in the same
-- transaction as its action, the decisions owed now (derived from the snapshot, for "where is it my turn?" and
-- the deadline scheduler), and notes on everything that is not an action (joins, leaves, handovers, start, end).
-- Timestamps are ISO 8601 UTC text; JSON columns hold text the service wrote.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    channel_id  TEXT    NOT NULL,
    ruleset     TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    settings    TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER,
    host_id     TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    created_at  TEXT    NOT NULL,
    started_at  TEXT,
    finished_at TEXT,
    outcome     TEXT,
    -- A seed exists from the start on; a lobby (even an abandoned one) has none.
    CHECK (status <> 'lobby' OR seed IS NULL),
    CHECK (status <> 'running' OR seed IS NOT NULL)
);

-- At most one active game per channel, enforced by the database itself.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_channel ON games (channel_id, id);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     TEXT,
    name        TEXT    NOT NULL,
    is_computer INTEGER NOT NULL CHECK (is_computer IN (0, 1)),
    joined_at   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) = (is_computer = 1))
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL CHECK (version >= 1),
    seat    INTEGER NOT NULL,
    user_id TEXT,
    kind    TEXT    NOT NULL CHECK (kind IN ('player', 'computer', 'timeout')),
    action  TEXT    NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    version  INTEGER NOT NULL CHECK (version >= 0),
    format   INTEGER NOT NULL,
    state    TEXT    NOT NULL,
    checksum TEXT    NOT NULL
);

CREATE TABLE decisions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    version INTEGER NOT NULL,
    since   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE TABLE notes (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    seat     INTEGER,
    user_id  TEXT,
    actor_id TEXT,
    at       TEXT    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '{}'
);

CREATE INDEX notes_by_game ON notes (game_id, id);
