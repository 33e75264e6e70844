-- Ratings kept per server and rule system, folded in game by game (game_service/ratings.py; docs/rulings.md,
-- "Ratings").
--
-- Each game records the server it is played on (a Discord guild's id; NULL for a game in a direct message, in the
-- console, or made before this step: those made before it are claimed by their server when its channels are
-- read). A finished game is marked rated in the transaction that folds it into its server's ratings, so a game is
-- counted once, whenever and wherever its finishing and that fold happen (a crash between them only delays it).

ALTER TABLE games ADD COLUMN server_id TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

-- In finishing order: a server's finished games that no fold has counted yet (what every read folds in first, a
-- slice at a time), and its finished games of one rule system (when that one is rated again from its first game).
-- By channel: the games without a server (what a server may claim).
CREATE INDEX games_to_rate ON games (server_id, finished_at, id) WHERE status = 'finished' AND rated = 0;
CREATE INDEX games_by_server ON games (server_id, ruleset, finished_at, id) WHERE status = 'finished';
CREATE INDEX games_without_server ON games (channel_id) WHERE server_id IS NULL;

-- One server's ratings of one rule system: how many finished games they count, and the last of them in the
-- finishing order (finished_at, then id), so that a game finishing out of that order is noticed and the rule
-- system rated again from its first game. version counts the folds written: a fold is written only over the
-- version it was computed from.
CREATE TABLE rating_tables (
    server_id        TEXT    NOT NULL,
    ruleset          TEXT    NOT NULL,
    version          INTEGER NOT NULL CHECK (version >= 1),
    games            INTEGER NOT NULL CHECK (games >= 1),
    last_finished_at TEXT    NOT NULL,
    last_game_id     INTEGER NOT NULL,
    PRIMARY KEY (server_id, ruleset)
) WITHOUT ROWID;

-- Every rated player of one: a person (kind 'user', who: the user id) or every computer seat of one level (kind
-- 'computer', who: the level); openskill's mu and sigma as the fold left them (8-byte floats: read back exactly).
CREATE TABLE ratings (
    server_id TEXT    NOT NULL,
    ruleset   TEXT    NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('user', 'computer')),
    who       TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    played    INTEGER NOT NULL CHECK (played >= 1),
    won       INTEGER NOT NULL CHECK (won >= 0),
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    PRIMARY KEY (server_id, ruleset, kind, who),
    FOREIGN KEY (server_id, ruleset) REFERENCES rating_tables (server_id, ruleset)
) WITHOUT ROWID;
