-- Keeping a game's thread from archiving is not a change of the game: writing
-- thread_upkeep_at leaves the version as it was (as 0033 does for the clock's own note), so
-- a move read before the look is not refused and retried for it.
DROP TRIGGER games_version_increases;
CREATE TRIGGER games_version_increases AFTER UPDATE ON games
WHEN NEW.version <= OLD.version AND NEW.clock_deadline IS OLD.clock_deadline
    AND NEW.clock_next_at IS OLD.clock_next_at
    AND NEW.thread_upkeep_at IS OLD.thread_upkeep_at
BEGIN
    UPDATE games SET version = OLD.version + 1 WHERE id = NEW.id;
END;
