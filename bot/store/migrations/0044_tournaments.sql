-- Tournaments (issue 25): a competition is its own aggregate that starts ordinary games and
-- reads their results; a game only knows the competition it belongs to (tournament_games).
-- format: round_robin today (cycles 1 or 2: a double round robin plays each pair with both
-- colours at once); swiss and knockout come with their rounds started one at a time.
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    thread_id       INTEGER,                      -- created in a thread or forum post
    message_id      INTEGER,                      -- the adapter's tournament message
    organiser_id    INTEGER NOT NULL REFERENCES players (id),
    name            TEXT    NOT NULL,
    format          TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss', 'knockout')),
    cycles          INTEGER NOT NULL CHECK (cycles IN (1, 2)),
    variant         TEXT    NOT NULL CHECK (variant IN ('chess', 'xiangqi')),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move > 0),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    max_players     INTEGER NOT NULL CHECK (max_players >= 3),
    start_when_full INTEGER NOT NULL CHECK (start_when_full IN (0, 1)),
    status          TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    finished_at     INTEGER,
    -- Raised by every write (a join, a leave, the start, the end): a start checked against
    -- the entrants it paired refuses a field that changed meanwhile.
    version         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_open_in_channel ON tournaments (channel_id, id) WHERE status <> 'finished';

-- seed: the pairing number, given at the start (joining order until then).
CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    player_id       INTEGER NOT NULL REFERENCES players (id),
    joined_at       INTEGER NOT NULL,
    seed            INTEGER,
    PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX tournament_entrants_by_player ON tournament_entrants (player_id);

-- A round is started once (a round robin starts all of its rounds together).
CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    number          INTEGER NOT NULL CHECK (number >= 1),
    started_at      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- The games a tournament started, by round and board.
CREATE TABLE tournament_games (
    game_id         INTEGER NOT NULL PRIMARY KEY REFERENCES games (id),
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round, board);
