-- Writing an action as one statement: an INSERT into the view action_writes logs the action, moves the snapshot
-- on, replaces the pending decisions and closes a finished game, all or nothing (RAISE(ABORT) or a constraint
-- failure undoes the whole statement, not the surrounding transaction). One statement per action lets many
-- games' actions share one transaction and one fsync through a single executemany.
--
-- decisions is a JSON array of [seat, kind, version, since]; ending_status is NULL while the game goes on.

CREATE VIEW action_writes (
    game_id, version, seat, user_id, kind, action, at,
    format, state, checksum, decisions, ending_status, ending_at, outcome
) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER action_writes_insert INSTEAD OF INSERT ON action_writes
BEGIN
    -- The stored game must be running and at the version this action was computed from.
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
    INSERT INTO decisions (game_id, seat, kind, version, since)
    SELECT NEW.game_id, json_extract(d.value, '$[0]'), json_extract(d.value, '$[1]'),
           json_extract(d.value, '$[2]'), json_extract(d.value, '$[3]')
    FROM json_each(NEW.decisions) AS d
    WHERE NEW.ending_status IS NULL;
    UPDATE games SET status = NEW.ending_status, finished_at = NEW.ending_at, outcome = NEW.outcome
    WHERE id = NEW.game_id AND NEW.ending_status IS NOT NULL;
END;
