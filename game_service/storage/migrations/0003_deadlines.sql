-- Deadlines and reminders for slow games, and votes.
--
-- Each owed decision carries its absolute deadline and its next reminder (NULL when the game has no deadlines or
-- is paused), the time added to it by extensions and pauses, and how many reminders were sent. The service
-- computes them when it writes the decisions; the scheduler finds what is due with one indexed query and marks a
-- reminder sent in the same transaction that moves it on, so a restart neither loses nor repeats one.

ALTER TABLE decisions ADD COLUMN extra_seconds {integer} NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN reminded {integer} NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN due_at {moment};
ALTER TABLE decisions ADD COLUMN remind_at {moment};

CREATE INDEX decisions_by_due ON decisions (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX decisions_by_reminder ON decisions (remind_at) WHERE remind_at IS NOT NULL;

-- Votes of the players: to hand a silent seat to a computer ('replace', target_seat set, counted only while the
-- seat still owes the decision that fell due at target_version) or to end the game ('end').
CREATE TABLE votes (
    game_id        {integer} NOT NULL REFERENCES games (id),
    kind           {text}    NOT NULL CHECK (kind IN ('replace', 'end')),
    target_seat    {integer} NOT NULL DEFAULT -1,
    target_version {integer} NOT NULL DEFAULT -1,
    voter_id       {text}    NOT NULL,
    at             {moment}  NOT NULL,
    PRIMARY KEY (game_id, kind, target_seat, target_version, voter_id)
) {without_rowid};
