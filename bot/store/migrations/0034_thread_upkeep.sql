-- A running game's own thread is kept active: Discord archives a thread after its
-- auto-archive time (a week at most) without activity, and nobody can use a command in an
-- archived thread. thread_upkeep_at is when Postal next looks at the thread (a move posts
-- in it, so only an idle thread needs Postal to act); NULL: nothing to keep.
ALTER TABLE games ADD COLUMN thread_upkeep_at INTEGER;

-- Running games' threads: six days after the last move (a day before Discord would archive).
UPDATE games SET thread_upkeep_at = last_move_at + 518400, version = version + 1
    WHERE status = 'active' AND thread_owned = 1;

-- The clock's question "which threads are due" reads only the due rows; a move does not
-- change this column, so it costs moves nothing.
CREATE INDEX games_thread_upkeep ON games (thread_upkeep_at)
    WHERE status = 'active' AND thread_upkeep_at IS NOT NULL;
