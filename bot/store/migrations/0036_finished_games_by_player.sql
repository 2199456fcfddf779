-- A player's finished games, newest first, by colour: /history reads the newest it shows from
-- each (a LIMIT down each index) instead of every finished game of the player, sorted (issue
-- 29: 5.5 ms at 1M games for a player with 261, x18 from 10k). Only finished games are in
-- them, so a move's write does not touch them.
CREATE INDEX games_white_finished ON games (white_id, finished_at, id) WHERE status = 'finished';
CREATE INDEX games_black_finished ON games (black_id, finished_at, id) WHERE status = 'finished';
