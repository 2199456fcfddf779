-- A tournament's rule for time-outs (issue 25): a player who loses this many of its games on
-- time is withdrawn as by /tournament withdraw (bot/service/tournament/withdrawals.py); 0:
-- never. Tournaments made before this keep 0 (their players joined under no such rule); a
-- new one takes the option's default.
ALTER TABLE tournaments ADD COLUMN timeout_limit INTEGER NOT NULL DEFAULT 0
    CHECK (timeout_limit BETWEEN 0 AND 10);
