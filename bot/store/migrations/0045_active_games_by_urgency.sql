-- A player's active games in the order /games shows them, one index per side of the turn:
-- the games where the player is to move (to_move_id), and those where they wait for the
-- opponent (the other seat), each by deadline (untimed games last) and id. /games reads a
-- page down each with a LIMIT, from the key of the last game shown, instead of every active
-- game of the player sorted (issue 29.6). Both change with every move (the turn and the
-- deadline do): the price of reading a page in the order the list is shown.
CREATE INDEX games_list_to_move ON games (
    to_move_id, COALESCE(deadline_at, 9223372036854775807), id
) WHERE status = 'active';
CREATE INDEX games_list_waiting ON games (
    (CASE WHEN to_move_id = white_id THEN black_id ELSE white_id END),
    COALESCE(deadline_at, 9223372036854775807), id
) WHERE status = 'active';
