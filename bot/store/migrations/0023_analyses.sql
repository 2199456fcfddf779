-- Analyses after the game: one per finished game, each position's evaluation stored as soon
-- as the engine gives it, so asking again is instant and a restart carries on where the
-- analysis stopped.
CREATE TABLE analyses (
    game_id         INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    nodes           INTEGER NOT NULL CHECK (nodes > 0),
    positions       INTEGER NOT NULL CHECK (positions > 0),
    requested_by    INTEGER NOT NULL,
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER,
    failure         TEXT
);
CREATE INDEX analyses_unfinished ON analyses (finished_at, failure);

-- Scores are from the side to move's point of view, as the engine reports them; a position
-- the game ended in has no best move.
CREATE TABLE analysis_positions (
    game_id         INTEGER NOT NULL REFERENCES analyses (game_id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL CHECK (ply >= 0),
    centipawns      INTEGER,
    mate            INTEGER,
    depth           INTEGER NOT NULL,
    best_move       TEXT,
    pv              TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, ply),
    CHECK ((centipawns IS NULL) <> (mate IS NULL))
);
