-- PostgreSQL's version of 0040 (the SQLite file says why).
DROP TRIGGER games_version_increases ON games;
CREATE TRIGGER games_version_increases BEFORE UPDATE ON games
FOR EACH ROW WHEN (
    NEW.version <= OLD.version
    AND NEW.clock_deadline IS NOT DISTINCT FROM OLD.clock_deadline
    AND NEW.clock_next_at IS NOT DISTINCT FROM OLD.clock_next_at
    AND NEW.thread_upkeep_at IS NOT DISTINCT FROM OLD.thread_upkeep_at
) EXECUTE FUNCTION games_version_increases();
