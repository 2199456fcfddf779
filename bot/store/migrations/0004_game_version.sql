-- games.version increases on every write to a game's row and never comes back, unlike the
-- ply (a takeback brings the ply back to an earlier value): a write checked against one
-- state of a game is refused once anything has changed (WHERE id = ? AND version = ?).
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- moves.version is the game's version when the move was written. With the ply it names one
-- move for good (a move taken back and played again gets a new version), so a reader who has
-- seen the moves up to some ply can tell they are all still there by reading one row.
ALTER TABLE moves ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- The store raises the version itself on every write it makes; this catches any other
-- UPDATE of a game's row (recursive triggers are off, and the inner UPDATE raises it anyway).
CREATE TRIGGER games_version_increases AFTER UPDATE ON games
WHEN NEW.version <= OLD.version
BEGIN
    UPDATE games SET version = OLD.version + 1 WHERE id = NEW.id;
END;
