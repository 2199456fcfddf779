-- A tournament's vacation rule (issue 25; chess.com's "no vacation" filter): vacation 0 means
-- a player's /vacation pauses none of its games' clocks (bot/service/vacation_rule.py).
ALTER TABLE tournaments ADD COLUMN vacation INTEGER NOT NULL DEFAULT 1 CHECK (vacation IN (0, 1));
