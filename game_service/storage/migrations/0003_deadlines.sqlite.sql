-- SQLite's part of step 0003, run after 0003_deadlines.sql: the action writes of step 0002 carry the new decision
-- columns (decisions is now a JSON array of [seat, kind, version, since, extra_seconds, reminded, due_at,
-- remind_at]) and close a finished game's votes. PostgreSQL has no such view (0002_action_writes.postgresql.sql).

DROP TRIGGER action_writes_insert;

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
