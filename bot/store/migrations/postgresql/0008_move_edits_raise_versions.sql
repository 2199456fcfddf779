-- PostgreSQL's version of 0008 (the SQLite file explains why): a stored move changed in
-- place raises its game's version and gives the new version to it and the game's last move.
-- The inner UPDATE of moves sets only version, so it does not fire the trigger again.
CREATE FUNCTION moves_edit_raises_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET version = version + 1 WHERE id = NEW.game_id;
    UPDATE moves SET version = (SELECT version FROM games WHERE id = NEW.game_id)
    WHERE game_id = NEW.game_id
    AND ply IN (NEW.ply, (SELECT MAX(ply) FROM moves WHERE game_id = NEW.game_id));
    RETURN NULL;
END
$$;
CREATE TRIGGER moves_edit_raises_versions AFTER UPDATE OF ply, uci ON moves
FOR EACH ROW EXECUTE FUNCTION moves_edit_raises_versions();
