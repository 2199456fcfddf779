-- Confirm moves says which moves are shown before they are played: 'menus' (those chosen on
-- the board's menus; a typed /move is played at once: the default, no row), 'always' (typed
-- moves too) or 'never'. A stored yes was the player's own choice while every move was
-- shown first: it keeps that ('always'); a stored no stays 'never'.
CREATE TABLE move_confirmation_modes (
    player_id       INTEGER PRIMARY KEY,
    mode            TEXT    NOT NULL CHECK (mode IN ('menus', 'always', 'never'))
);
INSERT INTO move_confirmation_modes (player_id, mode)
    SELECT player_id, CASE confirm WHEN 1 THEN 'always' ELSE 'never' END FROM move_confirmation;
DROP TABLE move_confirmation;
ALTER TABLE move_confirmation_modes RENAME TO move_confirmation;
