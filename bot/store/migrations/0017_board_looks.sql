-- The piece set a player sees, one per variant ('default': the renderer's own choice).
ALTER TABLE players ADD COLUMN chess_pieces TEXT NOT NULL DEFAULT 'default';
ALTER TABLE players ADD COLUMN xiangqi_pieces TEXT NOT NULL DEFAULT 'default';

-- Whether boards shown to the player carry strips with both players' names, ratings and
-- whose turn it is.
ALTER TABLE players ADD COLUMN board_strip INTEGER NOT NULL DEFAULT 0 CHECK (board_strip IN (0, 1));
