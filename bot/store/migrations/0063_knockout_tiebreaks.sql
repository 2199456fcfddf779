-- A knockout's tie-break rule (issue 25): how many more pairs of games (one with each colour)
-- a level match plays before the higher seed goes through; 0 decides a level match by the
-- seed at once (bot/service/tournament/knockout.py). Other formats keep the default.
ALTER TABLE tournaments ADD COLUMN tiebreak_pairs INTEGER NOT NULL DEFAULT 1
    CHECK (tiebreak_pairs BETWEEN 0 AND 4);
