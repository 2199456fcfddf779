-- Vote chess (issue 26): "shown after you vote", chess.com's third choice. A secret team
-- (secret = 1) with after_vote = 1 shows each member the running counts once they have cast
-- their own vote this turn, never before; its counts stay out of the game's place. With
-- secret = 0 the counts are shown to every member all along, and after_vote is 0.
ALTER TABLE teams ADD COLUMN after_vote INTEGER NOT NULL DEFAULT 0 CHECK (after_vote IN (0, 1));
