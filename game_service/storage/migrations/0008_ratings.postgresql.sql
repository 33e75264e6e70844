-- Ratings kept per server and rule system: see 0008_ratings.sqlite.sql.

ALTER TABLE games ADD COLUMN server_id text;
ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

CREATE INDEX games_to_rate ON games (server_id, finished_at, id) WHERE status = 'finished' AND NOT rated;
CREATE INDEX games_by_server ON games (server_id, ruleset, finished_at, id) WHERE status = 'finished';
CREATE INDEX games_without_server ON games (channel_id) WHERE server_id IS NULL;

CREATE TABLE rating_tables (
    server_id        text        NOT NULL,
    ruleset          text        NOT NULL,
    version          bigint      NOT NULL CHECK (version >= 1),
    games            bigint      NOT NULL CHECK (games >= 1),
    last_finished_at timestamptz NOT NULL,
    last_game_id     bigint      NOT NULL,
    PRIMARY KEY (server_id, ruleset)
);

CREATE TABLE ratings (
    server_id text             NOT NULL,
    ruleset   text             NOT NULL,
    kind      text             NOT NULL CHECK (kind IN ('user', 'computer')),
    who       text             NOT NULL,
    name      text             NOT NULL,
    played    bigint           NOT NULL CHECK (played >= 1),
    won       bigint           NOT NULL CHECK (won >= 0),
    mu        double precision NOT NULL,
    sigma     double precision NOT NULL,
    PRIMARY KEY (server_id, ruleset, kind, who),
    FOREIGN KEY (server_id, ruleset) REFERENCES rating_tables (server_id, ruleset)
);
