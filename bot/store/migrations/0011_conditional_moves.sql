-- Conditional moves: each player's prepared lines in a game, as a tree. A root is a move the
-- opponent may play next (at ply = the game's ply + 1); its one child is the owner's answer;
-- the answer's children are the opponent's possible replies to it, and so on. Consumed and
-- abandoned branches are deleted with their subtrees (the parent's ON DELETE CASCADE).
CREATE TABLE conditional_moves (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    parent_id       INTEGER REFERENCES conditional_moves (id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL CHECK (ply >= 1),
    uci             TEXT    NOT NULL,
    created_at      INTEGER NOT NULL
);
CREATE INDEX conditional_moves_game ON conditional_moves (game_id, player_id, ply);
CREATE INDEX conditional_moves_parent ON conditional_moves (parent_id);
