-- Which side a player sees at the bottom of the boards shown to them: their own side in their
-- games ('own', as lichess and chess.com do), or the side to move ('turn').
ALTER TABLE players ADD COLUMN orientation TEXT NOT NULL DEFAULT 'own'
    CHECK (orientation IN ('own', 'turn'));
