-- A knockout's decider (issue 25): what settles a match still level after its tie-break
-- pairs: the higher seed (as before: tournaments made before this keep it), a drawing of
-- lots, or an Armageddon game (bot/service/tournament/knockout.py). Every lot is drawn from
-- lots_seed, drawn once when the tournament is made and never shown, so it can be drawn
-- again to check it.
ALTER TABLE tournaments ADD COLUMN decider TEXT NOT NULL DEFAULT 'seed'
    CHECK (decider IN ('seed', 'lots', 'armageddon'));
ALTER TABLE tournaments ADD COLUMN lots_seed INTEGER NOT NULL DEFAULT 0;
