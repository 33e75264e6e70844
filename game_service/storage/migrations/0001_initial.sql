-- Games, their seats, the action log (the source of truth), one state snapshot per game written in the same
-- transaction as its action, the decisions owed now (derived from the snapshot, for "where is it my turn?" and
-- the deadline scheduler), and notes on everything that is not an action (joins, leaves, handovers, start, end).
-- Moments are ISO 8601 UTC text in SQLite, timestamptz in PostgreSQL; flags 0/1 and boolean. JSON columns hold
-- text the service wrote (a snapshot's checksum is over its exact text).

CREATE TABLE games (
    id          {id},
    channel_id  {text}    NOT NULL,
    ruleset     {text}    NOT NULL,
    options     {text}    NOT NULL DEFAULT '{}',
    settings    {text}    NOT NULL DEFAULT '{}',
    seed        {integer},
    host_id     {text}    NOT NULL,
    status      {text}    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    created_at  {moment}  NOT NULL,
    started_at  {moment},
    finished_at {moment},
    outcome     {text},
    -- A seed exists from the start on; a lobby (even an abandoned one) has none.
    CHECK (status <> 'lobby' OR seed IS NULL),
    CHECK (status <> 'running' OR seed IS NOT NULL)
);

-- At most one active game per channel, enforced by the database itself.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_channel ON games (channel_id, id);

CREATE TABLE seats (
    game_id     {integer} NOT NULL REFERENCES games (id),
    seat        {integer} NOT NULL CHECK (seat >= 0),
    user_id     {text},
    name        {text}    NOT NULL,
    is_computer {flag:is_computer} NOT NULL,
    joined_at   {moment}  NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) = ({is_set:is_computer}))
) {without_rowid};

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id {integer} NOT NULL REFERENCES games (id),
    version {integer} NOT NULL CHECK (version >= 1),
    seat    {integer} NOT NULL,
    user_id {text},
    kind    {text}    NOT NULL CHECK (kind IN ('player', 'computer', 'timeout')),
    action  {text}    NOT NULL,
    at      {moment}  NOT NULL,
    PRIMARY KEY (game_id, version)
) {without_rowid};

CREATE TABLE snapshots (
    game_id  {integer} PRIMARY KEY REFERENCES games (id),
    version  {integer} NOT NULL CHECK (version >= 0),
    format   {integer} NOT NULL,
    state    {text}    NOT NULL,
    checksum {text}    NOT NULL
);

CREATE TABLE decisions (
    game_id {integer} NOT NULL REFERENCES games (id),
    seat    {integer} NOT NULL,
    kind    {text}    NOT NULL,
    version {integer} NOT NULL,
    since   {moment}  NOT NULL,
    PRIMARY KEY (game_id, seat)
) {without_rowid};

CREATE TABLE notes (
    id       {id},
    game_id  {integer} NOT NULL REFERENCES games (id),
    version  {integer} NOT NULL,
    kind     {text}    NOT NULL,
    seat     {integer},
    user_id  {text},
    actor_id {text},
    at       {moment}  NOT NULL,
    detail   {text}    NOT NULL DEFAULT '{}'
);

CREATE INDEX notes_by_game ON notes (game_id, id);
