-- Sign-up deadlines (issue 25): starts_at is when an open tournament stops taking entrants
-- and the clock starts it (bot.service.tournament.signup); NULL: its organiser starts it, or
-- it starts when full. cancelled_at: it had too few players at its deadline and was called
-- off unplayed (its status 'finished', no games: nothing is left to do for it).
ALTER TABLE tournaments ADD COLUMN starts_at INTEGER;
ALTER TABLE tournaments ADD COLUMN cancelled_at INTEGER;
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'open' AND starts_at IS NOT NULL;
