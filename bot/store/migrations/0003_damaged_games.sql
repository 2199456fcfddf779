-- A game whose stored moves no longer replay is marked damaged (when, and why) instead of
-- stopping the clock for every game: the scheduler skips it, its players are told.

ALTER TABLE games ADD COLUMN damaged_at INTEGER;
ALTER TABLE games ADD COLUMN damage TEXT;
