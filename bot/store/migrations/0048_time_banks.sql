-- Time banks (issue 27): a challenge and its game may have an increment per move and a cap
-- (days), both NULL for days per move (days_per_move is then the days each move gets; with
-- an increment, the bank each player starts with). A game on a bank keeps the bank of the
-- player not to move in waiting_bank (seconds, as it stood after their last move); the
-- bank of the player to move is its deadline (bot/service/time_bank.py has the formula).
ALTER TABLE challenges ADD COLUMN increment_days INTEGER CHECK (increment_days > 0);
ALTER TABLE challenges ADD COLUMN cap_days INTEGER CHECK (cap_days > 0);
ALTER TABLE games ADD COLUMN increment_days INTEGER CHECK (increment_days > 0);
ALTER TABLE games ADD COLUMN cap_days INTEGER CHECK (cap_days > 0);
ALTER TABLE games ADD COLUMN waiting_bank INTEGER CHECK (waiting_bank >= 0);
