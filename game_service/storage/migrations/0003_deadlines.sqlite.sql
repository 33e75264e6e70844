-- Deadlines and reminders for slow games, and votes.
--
-- Each owed decision carries its absolute deadline and its next reminder (ISO 8601 UTC text, NULL when the game
-- has no deadlines or is paused), the time added to it by extensions and pauses, and how many reminders were sent.
-- The service computes them when it writes the decisions; the scheduler finds what is due with one indexed query
-- and marks a reminder sent in the same transaction that moves it on, so a restart neither loses nor repeats one.

ALTER TABLE decisions ADD COLUMN extra_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN due_at TEXT;
ALTER TABLE decisions ADD COLUMN remind_at TEXT;

CREATE INDEX decisions_by_due ON decisions (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX decisions_by_reminder ON decisions (remind_at) WHERE remind_at IS NOT NULL;

-- Votes of the players: to hand a silent seat to a computer ('replace', target_seat set, counted only while the
-- seat still owes the decision that fell due at target_version) or to end the game ('end').
CREATE TABLE votes (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    kind           TEXT    NOT NULL CHECK (kind IN ('replace', 'end')),
    target_seat    INTEGER NOT NULL DEFAULT -1,
    target_version INTEGER NOT NULL DEFAULT -1,
    voter_id       TEXT    NOT NULL,
    at             TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind, target_seat, target_version, voter_id)
) WITHOUT ROWID;

-- The action writes carry the new decision columns: decisions is now a JSON array of
-- [seat, kind, version, since, extra_seconds, reminded, due_at, remind_at].
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
