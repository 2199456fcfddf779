-- Private notes: each player's own notes on a game, with the ply the game was at when the
-- note was written (so a PGN can carry it as a comment after that move).
CREATE TABLE notes (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    ply             INTEGER NOT NULL CHECK (ply >= 0),
    text            TEXT    NOT NULL,
    created_at      INTEGER NOT NULL
);
CREATE INDEX notes_game_player ON notes (game_id, player_id, id);
