-- Withdrawals from a running tournament (issue 25): when a player withdrew, and whether
-- their results were struck out (fewer than half of their games played; see
-- bot/service/tournament/withdrawals.py for the rule).
ALTER TABLE tournament_entrants ADD COLUMN withdrawn_at INTEGER;
ALTER TABLE tournament_entrants ADD COLUMN annulled INTEGER NOT NULL DEFAULT 0 CHECK (annulled IN (0, 1));
