-- A stored move changed in place (by hand, by a repair) gets a new version, and so do its
-- game and the game's last move: whoever cached the game checks the last move's version, and
-- sees the change instead of trusting a replay of moves that are no longer stored.
CREATE TRIGGER moves_edit_raises_versions AFTER UPDATE OF ply, uci ON moves
BEGIN
    UPDATE games SET version = version + 1 WHERE id = NEW.game_id;
    UPDATE moves SET version = (SELECT version FROM games WHERE id = NEW.game_id)
    WHERE game_id = NEW.game_id
    AND ply IN (NEW.ply, (SELECT MAX(ply) FROM moves WHERE game_id = NEW.game_id));
END;
