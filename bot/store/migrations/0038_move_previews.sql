-- The move each player was last shown before playing it (Confirm moves), per game: only that
-- preview's Confirm plays it, and a refusal while it waits names it.
CREATE TABLE move_previews (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL,
    ply             INTEGER NOT NULL,
    uci             TEXT    NOT NULL,
    san             TEXT    NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
