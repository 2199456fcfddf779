-- Whether a player may be asked to take back a move: always ('ask'), in casual games only
-- ('casual'), or never ('never': requests to them are refused without asking).
ALTER TABLE players ADD COLUMN takeback_policy TEXT NOT NULL DEFAULT 'ask'
    CHECK (takeback_policy IN ('ask', 'casual', 'never'));

-- Untimed games (days per move "none"): no deadline, reminders or time-outs. days_per_move
-- keeps a value for the CHECK constraint; untimed says it does not apply.
ALTER TABLE challenges ADD COLUMN untimed INTEGER NOT NULL DEFAULT 0 CHECK (untimed IN (0, 1));
ALTER TABLE games ADD COLUMN untimed INTEGER NOT NULL DEFAULT 0 CHECK (untimed IN (0, 1));
