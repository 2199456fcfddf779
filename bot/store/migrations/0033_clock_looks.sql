-- When the clock must next look at each active game, found by one index instead of reading
-- every active game once per reminder hour at every round (issue 29).
--
-- A game's next look is, by default, 48 hours (the widest reminder) before its deadline: no
-- reminder and no time-out can fall before it. When the clock looks at a game it works out
-- the next event exactly (the next reminder its player to move has, or the deadline) and
-- writes it in clock_next_at with the deadline it was worked out for (clock_deadline).
-- Every write that moves a deadline (a move, /moretime, a vacation, a takeback, downtime
-- credit) thereby makes that stale without knowing of it: games_clock_next's expression
-- falls back to the default as soon as deadline_at differs from clock_deadline. Nothing
-- to backfill: every game starts at the default and is worked out at its first look.
-- Store code repeats the expression as bot.store.clock_looks.NEXT_LOOK (SQLite only uses an
-- index on an expression for the very same expression).
ALTER TABLE games ADD COLUMN clock_deadline INTEGER;
ALTER TABLE games ADD COLUMN clock_next_at INTEGER;

CREATE INDEX games_clock_next ON games (
    (CASE WHEN clock_deadline = deadline_at THEN clock_next_at ELSE deadline_at - 172800 END),
    id
) WHERE status = 'active' AND damaged_at IS NULL AND deadline_at IS NOT NULL;

-- The clock's own note is not a change of the game: writing it leaves the version as it was,
-- so a move read before the look is not refused for it.
DROP TRIGGER games_version_increases;
CREATE TRIGGER games_version_increases AFTER UPDATE ON games
WHEN NEW.version <= OLD.version AND NEW.clock_deadline IS OLD.clock_deadline
    AND NEW.clock_next_at IS OLD.clock_next_at
BEGIN
    UPDATE games SET version = OLD.version + 1 WHERE id = NEW.id;
END;
