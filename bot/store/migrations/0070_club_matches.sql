-- Club matches (issue 26): two teams, in one server or in two, over a number of boards.
-- Each side lists its players (or they join); the start pairs the sides' players board by
-- board in rating order, each pair playing one game or two (both colours at once), and the
-- games' results make the score per board and the total. A match is its own aggregate that
-- starts ordinary games and reads their results, as a tournament does.
-- status: 'invited' (side 2 is another server, its organiser has not accepted yet),
-- 'open' (players join), 'running', 'finished', 'declined'.
CREATE TABLE club_matches (
    id              INTEGER PRIMARY KEY,
    variant         TEXT    NOT NULL,
    boards          INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 50),
    games_a_board   INTEGER NOT NULL CHECK (games_a_board IN (1, 2)),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move > 0),
    status          TEXT    NOT NULL
                    CHECK (status IN ('invited', 'open', 'running', 'finished', 'declined')),
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    finished_at     INTEGER,
    -- Raised by every write (an acceptance, a join, the start, the end): the start checked
    -- against the players it paired refuses a list that changed meanwhile.
    version         INTEGER NOT NULL DEFAULT 0
);

-- The two sides: side 1 made the match (its server and channel are the games' own place),
-- side 2 is in the same server or another (its channel known once its organiser accepts).
CREATE TABLE club_match_sides (
    match_id        INTEGER NOT NULL REFERENCES club_matches (id),
    side            INTEGER NOT NULL CHECK (side IN (1, 2)),
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER,
    thread_id       INTEGER,
    name            TEXT    NOT NULL,
    organiser_id    INTEGER REFERENCES players (id),
    standings_message_id INTEGER,                 -- the side's standings message, once posted
    PRIMARY KEY (match_id, side)
);

CREATE TABLE club_match_players (
    match_id        INTEGER NOT NULL,
    side            INTEGER NOT NULL,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    joined_at       INTEGER NOT NULL,
    board           INTEGER,                      -- given at the start (NULL: not playing)
    PRIMARY KEY (match_id, player_id),
    FOREIGN KEY (match_id, side) REFERENCES club_match_sides (match_id, side)
);

-- The games a match started, by board; white_side: the side whose player has white.
CREATE TABLE club_match_games (
    game_id         INTEGER NOT NULL PRIMARY KEY REFERENCES games (id),
    match_id        INTEGER NOT NULL REFERENCES club_matches (id),
    board           INTEGER NOT NULL,
    white_side      INTEGER NOT NULL CHECK (white_side IN (1, 2))
);
CREATE INDEX club_match_games_by_match ON club_match_games (match_id, board);
