-- Moves made for a player: 'forced' (the one move their duty left them, made at once) and 'autopilot' (a decision
-- they left to a computer helper, or their whole seat while they are away). SQLite cannot change a CHECK
-- constraint, so the actions table is built again with the new one (SQLite's "12-step" table change); the trigger
-- that writes into it is dropped first and made again as migration 0003 left it.

DROP TRIGGER action_writes_insert;

CREATE TABLE actions_new (
    game_id INTEGER NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL CHECK (version >= 1),
    seat    INTEGER NOT NULL,
    user_id TEXT,
    kind    TEXT    NOT NULL CHECK (kind IN ('player', 'computer', 'timeout', 'forced', 'autopilot')),
    action  TEXT    NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

INSERT INTO actions_new (game_id, version, seat, user_id, kind, action, at)
SELECT game_id, version, seat, user_id, kind, action, at FROM actions;

DROP TABLE actions;

ALTER TABLE actions_new RENAME TO actions;

CREATE TRIGGER action_writes_insert INSTEAD OF INSERT ON action_writes
BEGIN
    SELECT RAISE(ABORT, 'version_conflict')
    WHERE NOT EXISTS (
        SELECT 1 FROM snapshots s JOIN games g ON g.id = s.game_id
        WHERE s.game_id = NEW.game_id AND s.version = NEW.version - 1 AND g.status = 'running'
    );
    INSERT INTO actions (game_id, version, seat, user_id, kind, action, at)
    VALUES (NEW.game_id, NEW.version, NEW.seat, NEW.user_id, NEW.kind, NEW.action, NEW.at);
    UPDATE snapshots SET version = NEW.version, format = NEW.format, state = NEW.state, checksum = NEW.checksum
    WHERE game_id = NEW.game_id;
    DELETE FROM decisions WHERE game_id = NEW.game_id;
    INSERT INTO decisions (game_id, seat, kind, version, since, extra_seconds, reminded, due_at, remind_at)
    SELECT NEW.game_id, d.value ->> 0, d.value ->> 1, d.value ->> 2, d.value ->> 3, d.value ->> 4, d.value ->> 5,
           d.value ->> 6, d.value ->> 7
    FROM json_each(NEW.decisions) AS d
    WHERE NEW.ending_status IS NULL;
    UPDATE games SET status = NEW.ending_status, finished_at = NEW.ending_at, outcome = NEW.outcome
    WHERE id = NEW.game_id AND NEW.ending_status IS NOT NULL;
    DELETE FROM votes WHERE game_id = NEW.game_id AND NEW.ending_status IS NOT NULL;
END;
