-- A game's other places (issue 26, club matches between servers): a game lives where its
-- row says (games.guild_id, channel_id, thread_id) and, when its players are in different
-- servers, also in one place a server more, each belonging to the player who acts from it.
-- The outbox writes each of a game's rows said in its place once more for every row here
-- (outbox.place_id), so the board, buttons and announcements reach each server's thread.
CREATE TABLE game_places (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    thread_id       INTEGER,                      -- its own thread, once opened
    player_id       INTEGER NOT NULL REFERENCES players (id),
    UNIQUE (game_id, guild_id)
);
CREATE INDEX game_places_by_thread ON game_places (thread_id) WHERE thread_id IS NOT NULL;
-- NULL: the game's own place (its row's); else the game_places row the row is said in.
ALTER TABLE outbox ADD COLUMN place_id INTEGER;
