-- PostgreSQL's version of 0032: the same rules for games and moves, cheaper to check at each
-- move (the server's CPU a move: README, "Several processes"; measured with ab.py, B-A).
--
-- 1. A table's CHECK is read back from its stored text (parsed and planned again) at every
--    statement that writes the table, and every one of them is evaluated at every UPDATE,
--    whichever columns it sets. A domain's CHECK is parsed once per server process (its
--    type cache) and is evaluated only where a value is written to a column of that domain.
--    So each one-column CHECK of games and moves becomes a domain with the same condition
--    (NULL passes a domain's CHECK as it passes a table's: result stays nullable; NOT NULL
--    stays on the columns). Changing a column's type to a domain rewrites the table and
--    its indexes, and is refused on a column named by a trigger: moves.ply is named by
--    moves_edit_raises_versions (0008), dropped and made again around it.
-- 2. games.to_move_id's FOREIGN KEY checked, at every move, that the player to move exists
--    (a SELECT ... FOR KEY SHARE of the player's row, locking players and its two indexes
--    in the move's transaction). The CHECK that replaces it is stronger and costs no
--    lookup: the player to move is one of the two seats, whose own foreign keys make them
--    existing players (and keep them from being deleted).
--    Folded into the seats' CHECK (white_id <> black_id): one constraint, not two.
--
-- A later migration that rebuilds games or moves (create, copy, rename) on PostgreSQL must
-- keep these domains and this CHECK: tests/store/test_store_postgres.py checks both.
CREATE DOMAIN postal_flag AS BIGINT CHECK (VALUE IN (0, 1));
CREATE DOMAIN postal_variant AS TEXT CHECK (VALUE IN ('chess', 'xiangqi'));
CREATE DOMAIN postal_game_status AS TEXT CHECK (VALUE IN ('active', 'finished'));
CREATE DOMAIN postal_game_result AS TEXT CHECK (VALUE IN ('1-0', '0-1', '1/2-1/2', '*'));
CREATE DOMAIN postal_days_per_move AS BIGINT CHECK (VALUE > 0);
CREATE DOMAIN postal_game_ply AS BIGINT CHECK (VALUE >= 0);
CREATE DOMAIN postal_move_ply AS BIGINT CHECK (VALUE >= 1);

ALTER TABLE games
    DROP CONSTRAINT games_variant_check,
    DROP CONSTRAINT games_days_per_move_check,
    DROP CONSTRAINT games_rated_check,
    DROP CONSTRAINT games_status_check,
    DROP CONSTRAINT games_result_check,
    DROP CONSTRAINT games_ply_check,
    DROP CONSTRAINT games_thread_owned_check,
    DROP CONSTRAINT games_untimed_check,
    ALTER COLUMN variant TYPE postal_variant,
    ALTER COLUMN days_per_move TYPE postal_days_per_move,
    ALTER COLUMN rated TYPE postal_flag,
    ALTER COLUMN status TYPE postal_game_status,
    ALTER COLUMN result TYPE postal_game_result,
    ALTER COLUMN ply TYPE postal_game_ply,
    ALTER COLUMN thread_owned TYPE postal_flag,
    ALTER COLUMN untimed TYPE postal_flag,
    DROP CONSTRAINT games_to_move_id_fkey,
    DROP CONSTRAINT games_check,
    ADD CONSTRAINT games_seats_check CHECK (
        white_id <> black_id AND (to_move_id IS NULL OR to_move_id IN (white_id, black_id))
    );

DROP TRIGGER moves_edit_raises_versions ON moves;
ALTER TABLE moves DROP CONSTRAINT moves_ply_check, ALTER COLUMN ply TYPE postal_move_ply;
CREATE TRIGGER moves_edit_raises_versions AFTER UPDATE OF ply, uci ON moves
FOR EACH ROW EXECUTE FUNCTION moves_edit_raises_versions();

-- The type changes dropped the planner's statistics of those columns: gathered again now
-- rather than whenever autovacuum comes by.
ANALYZE games;
ANALYZE moves;
