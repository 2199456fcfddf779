-- Postal's first schema. Times are whole seconds since the Unix epoch (UTC).
-- guild_id 0 means "no server" (direct messages, the console).

CREATE TABLE players (
    id              INTEGER PRIMARY KEY,          -- Discord user id (the console derives one)
    display_name    TEXT    NOT NULL,
    is_bot          INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    notify          TEXT    NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm', 'off')),
    board_theme     TEXT    NOT NULL DEFAULT 'default',
    created_at      INTEGER NOT NULL
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    thread_id       INTEGER,
    message_id      INTEGER,                      -- the adapter's latest board message
    variant         TEXT    NOT NULL CHECK (variant IN ('chess', 'xiangqi')),
    start_fen       TEXT    NOT NULL,
    white_id        INTEGER NOT NULL REFERENCES players (id),
    black_id        INTEGER NOT NULL REFERENCES players (id),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move > 0),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    status          TEXT    NOT NULL CHECK (status IN ('active', 'finished')),
    result          TEXT    CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),  -- '*': aborted
    termination     TEXT,
    ply             INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),   -- cache of the move count
    fen             TEXT    NOT NULL,                              -- cache of the position
    to_move_id      INTEGER REFERENCES players (id),               -- NULL once finished
    created_at      INTEGER NOT NULL,
    last_move_at    INTEGER NOT NULL,
    deadline_at     INTEGER,                      -- NULL once finished
    finished_at     INTEGER,
    CHECK (white_id <> black_id),
    CHECK ((status = 'active') = (result IS NULL))
);
CREATE INDEX games_active_deadline ON games (deadline_at) WHERE status = 'active';
CREATE INDEX games_to_move ON games (to_move_id) WHERE status = 'active';
CREATE INDEX games_white ON games (white_id, status);
CREATE INDEX games_black ON games (black_id, status);
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

-- The move list is the source of truth; games.fen and games.ply are derived from it.
CREATE TABLE moves (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL CHECK (ply >= 1),
    uci             TEXT    NOT NULL,
    san             TEXT    NOT NULL,
    played_at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER,
    challenger_id   INTEGER NOT NULL REFERENCES players (id),
    opponent_id     INTEGER REFERENCES players (id),             -- NULL: open to anyone
    variant         TEXT    NOT NULL CHECK (variant IN ('chess', 'xiangqi')),
    color           TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days_per_move   INTEGER NOT NULL CHECK (days_per_move > 0),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    start_fen       TEXT,                                        -- NULL: standard start
    status          TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    CHECK (opponent_id IS NULL OR opponent_id <> challenger_id)
);
CREATE INDEX challenges_open_expiry ON challenges (expires_at) WHERE status = 'open';

-- Pending draw offers and takeback requests: at most one of each kind per game.
CREATE TABLE offers (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind            TEXT    NOT NULL CHECK (kind IN ('draw', 'takeback')),
    from_player_id  INTEGER NOT NULL REFERENCES players (id),
    ply             INTEGER NOT NULL,             -- the game's ply when the offer was made
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

-- A reminder is keyed by the deadline it warns about, so a moved deadline re-arms it.
CREATE TABLE reminders_sent (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    deadline_at     INTEGER NOT NULL,
    hours_before    INTEGER NOT NULL,
    sent_at         INTEGER NOT NULL,
    PRIMARY KEY (game_id, deadline_at, hours_before)
) WITHOUT ROWID;

CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    rating          REAL    NOT NULL,
    deviation       REAL    NOT NULL,
    volatility      REAL    NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0,
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, player_id)
) WITHOUT ROWID;

CREATE TABLE vacations (
    id              INTEGER PRIMARY KEY,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    starts_at       INTEGER NOT NULL,
    ends_at         INTEGER NOT NULL,
    days            INTEGER NOT NULL CHECK (days > 0),
    CHECK (ends_at > starts_at)
);
CREATE INDEX vacations_player ON vacations (player_id, ends_at);
