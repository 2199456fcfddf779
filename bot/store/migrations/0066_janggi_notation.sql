-- The janggi notation a player reads moves in, where a message is for them alone: Korean
-- (79졸78) or coordinates (i4h4). NULL: not chosen (Korean, janggi's own).
ALTER TABLE players ADD COLUMN janggi_notation TEXT
    CHECK (janggi_notation IN ('korean', 'coordinates'));
