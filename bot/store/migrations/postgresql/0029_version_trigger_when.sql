-- PostgreSQL's version of 0029: games_version_increases (0004) called its PL/pgSQL function
-- for every UPDATE of a game's row, though the store's own writes raise the version
-- themselves (every move: `version = version + 1`), so the function found nothing to do.
-- With the condition in the trigger, as SQLite's has it, the server checks it without
-- calling the function (part of the server's CPU a move: README, "Several processes").
DROP TRIGGER games_version_increases ON games;
CREATE TRIGGER games_version_increases BEFORE UPDATE ON games
FOR EACH ROW WHEN (NEW.version <= OLD.version) EXECUTE FUNCTION games_version_increases();
