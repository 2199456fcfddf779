-- PostgreSQL's version of 0004 (the SQLite file explains the columns): the trigger that
-- raises games.version on any other UPDATE is a row trigger calling a function.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION games_version_increases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.version <= OLD.version THEN
        NEW.version := OLD.version + 1;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER games_version_increases BEFORE UPDATE ON games
FOR EACH ROW EXECUTE FUNCTION games_version_increases();
