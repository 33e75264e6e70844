-- How well a computer seat plays: a difficulty level's name (computer_players.search.LEVELS), NULL for a person.
-- Computer seats from before levels existed played the baseline computer player, which is the level 'easy': they
-- go on playing as they did.

ALTER TABLE seats ADD COLUMN level {text} CHECK (level IS NULL OR {is_set:is_computer});
UPDATE seats SET level = 'easy' WHERE {is_set:is_computer};
