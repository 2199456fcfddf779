-- PostgreSQL's version of 0033 (the SQLite file explains the columns and the index).
ALTER TABLE games ADD COLUMN clock_deadline BIGINT;
ALTER TABLE games ADD COLUMN clock_next_at BIGINT;

CREATE INDEX games_clock_next ON games (
    (CASE WHEN clock_deadline = deadline_at THEN clock_next_at ELSE deadline_at - 172800 END),
    id
) WHERE status = 'active' AND damaged_at IS NULL AND deadline_at IS NOT NULL;

DROP TRIGGER games_version_increases ON games;
CREATE TRIGGER games_version_increases BEFORE UPDATE ON games
FOR EACH ROW WHEN (
    NEW.version <= OLD.version
    AND NEW.clock_deadline IS NOT DISTINCT FROM OLD.clock_deadline
    AND NEW.clock_next_at IS NOT DISTINCT FROM OLD.clock_next_at
) EXECUTE FUNCTION games_version_increases();
