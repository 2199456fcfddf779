-- Weekend pause (issue 27): a challenge and its game may stop the clock on Saturday and
-- Sunday in the time zone of the player whose clock it is (bot/service/weekends.py). The
-- deadline stored is the effective one, weekends skipped, so the clock stays an index lookup.
ALTER TABLE challenges ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE games ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
