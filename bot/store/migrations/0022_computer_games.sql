-- Games against Postal's computer opponent: which player is the computer and at what level
-- it plays. A pending reply is not stored apart: it is the game itself (active, the computer
-- to move), written by the human's move in its own transaction, so a restart resumes every
-- one. After an engine failure the reply waits until retry_at (for the ply that failed).
CREATE TABLE computer_games (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    computer_id     INTEGER NOT NULL REFERENCES players (id),
    level           INTEGER NOT NULL CHECK (level BETWEEN 1 AND 8),
    failed_ply      INTEGER,
    attempts        INTEGER NOT NULL DEFAULT 0,
    retry_at        INTEGER,
    last_error      TEXT
);
CREATE INDEX computer_games_player ON computer_games (computer_id);
