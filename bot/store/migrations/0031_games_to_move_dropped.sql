-- games_to_move (0001) indexed the active games by the player to move. Every move changes
-- to_move_id, so every move's UPDATE maintained it (both dialects; on PostgreSQL it was one
-- more relation the move's transaction locks, past the 16 fast-path lock slots a backend
-- has). The few queries that asked it (a computer's games waiting for it, a vacation's
-- deadline shift) now also say the player is white or black, which games_white and
-- games_black (player, status) answer: they read the player's active games, of which the
-- ones to move are about half (tests/store/test_store_plans.py checks both dialects).
DROP INDEX games_to_move;
