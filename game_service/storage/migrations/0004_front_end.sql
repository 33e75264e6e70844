-- What a front end keeps about a game for its own presentation (the Discord bot: the ids of the lobby and status
-- messages, the lines of the phase the status message shows), so that it outlives a restart: one JSON object per
-- game, replaced whole in one statement. The service never reads inside it.

CREATE TABLE front_end (
    game_id    {integer} PRIMARY KEY REFERENCES games (id),
    data       {text}    NOT NULL,
    updated_at {moment}  NOT NULL
);
