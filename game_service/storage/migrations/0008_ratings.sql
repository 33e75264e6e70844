-- Ratings kept per server and rule system, folded in game by game (game_service/ratings.py; docs/rulings.md,
-- "Ratings").
--
-- Each game records the server it is played on (a Discord guild's id; NULL for a game in a direct message, in the
-- console, or made before this step: those made before it are claimed by their server when its channels are
-- read). A finished game is marked rated in the transaction that folds it into its server's ratings, so a game is
-- counted once, whenever and wherever its finishing and that fold happen (a crash between them only delays it).

ALTER TABLE games ADD COLUMN server_id {text};
ALTER TABLE games ADD COLUMN rated {flag:rated} NOT NULL DEFAULT {false};

-- In finishing order: a server's finished games that no fold has counted yet (what every read folds in first, a
-- slice at a time), and its finished games of one rule system (when that one is rated again from its first game).
-- By channel: the games without a server (what a server may claim).
CREATE INDEX games_to_rate ON games (server_id, finished_at, id) WHERE status = 'finished' AND {is_unset:rated};
CREATE INDEX games_by_server ON games (server_id, ruleset, finished_at, id) WHERE status = 'finished';
CREATE INDEX games_without_server ON games (channel_id) WHERE server_id IS NULL;

-- One server's ratings of one rule system: how many finished games they count, and the last of them in the
-- finishing order (finished_at, then id), so that a game finishing out of that order is noticed and the rule
-- system rated again from its first game. version counts the folds written: a fold is written only over the
-- version it was computed from.
CREATE TABLE rating_tables (
    server_id        {text}    NOT NULL,
    ruleset          {text}    NOT NULL,
    version          {integer} NOT NULL CHECK (version >= 1),
    games            {integer} NOT NULL CHECK (games >= 1),
    last_finished_at {moment}  NOT NULL,
    last_game_id     {integer} NOT NULL,
    PRIMARY KEY (server_id, ruleset)
) {without_rowid};

-- Every rated player of one: a person (kind 'user', who: the user id) or every computer seat of one level (kind
-- 'computer', who: the level); openskill's mu and sigma as the fold left them (8-byte floats: read back exactly).
CREATE TABLE ratings (
    server_id {text}    NOT NULL,
    ruleset   {text}    NOT NULL,
    kind      {text}    NOT NULL CHECK (kind IN ('user', 'computer')),
    who       {text}    NOT NULL,
    name      {text}    NOT NULL,
    played    {integer} NOT NULL CHECK (played >= 1),
    won       {integer} NOT NULL CHECK (won >= 0),
    mu        {real}    NOT NULL,
    sigma     {real}    NOT NULL,
    PRIMARY KEY (server_id, ruleset, kind, who),
    FOREIGN KEY (server_id, ruleset) REFERENCES rating_tables (server_id, ruleset)
) {without_rowid};
