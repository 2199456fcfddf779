-- A tournament's thematic start (issue 25/28): the FEN every one of its games begins from,
-- reached by the line or opening its organiser named (bot/service/thematic_starts.py).
-- NULL: the variant's own start (or, in Chess960, one drawn per round).
ALTER TABLE tournaments ADD COLUMN start_fen TEXT;
