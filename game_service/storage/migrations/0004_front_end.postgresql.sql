-- What a front end keeps about a game for its own presentation: see 0004_front_end.sqlite.sql.

CREATE TABLE front_end (
    game_id    bigint      PRIMARY KEY REFERENCES games (id),
    data       text        NOT NULL,
    updated_at timestamptz NOT NULL
);
