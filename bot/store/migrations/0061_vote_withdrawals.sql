-- Vote chess (issue 26): a member's vote withdrawn (a Discord poll vote taken back) stays as
-- a row, so that voting again counts as a change of vote against the turn's limit; a
-- withdrawn vote counts for no nomination and no voter.
ALTER TABLE team_votes ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0;
