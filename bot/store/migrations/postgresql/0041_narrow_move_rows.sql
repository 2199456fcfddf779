-- PostgreSQL's version of 0041: moves.ply and moves.version in 4 bytes, not 8 (issue 29.7).
-- A move's row was 72 bytes plus its tuple header: game_id, ply (8 each), uci and san (a few
-- bytes each), then played_at aligned to the next 8 bytes and version. With ply and version
-- in 4 bytes the row holds 8 bytes less once aligned, about 8 % of a move's bytes on disk
-- (its primary key entry stays 24 bytes: int8 + int4 are aligned to 16 as int8 + int8 are).
-- A ply stays far below 2^31 (the longest legal chess game has under 12,000), and a game's
-- version is raised once per write to the game. played_at stays 8 bytes (2038).
--
-- The domain keeps its name and rule on an int4 base (test_store_postgres checks both); the
-- trigger naming ply is dropped and made again around the type change, as 0032 does.
DROP TRIGGER moves_edit_raises_versions ON moves;
ALTER DOMAIN postal_move_ply RENAME TO postal_move_ply_wide;
CREATE DOMAIN postal_move_ply AS INT4 CHECK (VALUE >= 1);
ALTER TABLE moves
    ALTER COLUMN ply TYPE postal_move_ply,
    ALTER COLUMN version TYPE INT4;
DROP DOMAIN postal_move_ply_wide;
CREATE TRIGGER moves_edit_raises_versions AFTER UPDATE OF ply, uci ON moves
FOR EACH ROW EXECUTE FUNCTION moves_edit_raises_versions();

ANALYZE moves;
