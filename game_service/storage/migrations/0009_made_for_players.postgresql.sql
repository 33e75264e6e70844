-- Moves made for a player: 'forced' (the one move their duty left them, made at once) and 'autopilot' (a decision
-- they left to a computer helper, or their whole seat while they are away).

ALTER TABLE actions DROP CONSTRAINT actions_kind_check;
ALTER TABLE actions ADD CONSTRAINT actions_kind_check
    CHECK (kind IN ('player', 'computer', 'timeout', 'forced', 'autopilot'));
