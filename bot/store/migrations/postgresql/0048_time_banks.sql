-- PostgreSQL's version of 0048 (the SQLite file explains the columns): the games' new
-- one-column rules are domains, as 0032 made the others (checked only where a value is
-- written, not at every UPDATE of a game).
CREATE DOMAIN postal_bank_seconds AS BIGINT CHECK (VALUE >= 0);
ALTER TABLE challenges ADD COLUMN increment_days BIGINT CHECK (increment_days > 0);
ALTER TABLE challenges ADD COLUMN cap_days BIGINT CHECK (cap_days > 0);
ALTER TABLE games ADD COLUMN increment_days postal_days_per_move;
ALTER TABLE games ADD COLUMN cap_days postal_days_per_move;
ALTER TABLE games ADD COLUMN waiting_bank postal_bank_seconds;
