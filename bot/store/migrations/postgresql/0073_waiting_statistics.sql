-- PostgreSQL's version of 0073: statistics of the player waiting for the one to move, the
-- expression games_list_waiting (migration 45) is ordered by. An expression only a partial
-- index holds gets none (ANALYZE keeps them for a whole index's expressions), so the planner
-- guessed 0.5 % of the table's rows for any player, ~50 at 10,000 games, and chose to read
-- every active game a player waits in and sort them for /games' page: a player waiting in
-- 1,000 games had all 1,000 read for another player's /games (51 rows). With these (taken
-- by the next ANALYZE, here at once) it reads the index in order and stops at the page.
-- Statistics of an expression need PostgreSQL 14 or later.
CREATE STATISTICS games_waiting_player
    ON (CASE WHEN to_move_id = white_id THEN black_id ELSE white_id END) FROM games;
ANALYZE games;
