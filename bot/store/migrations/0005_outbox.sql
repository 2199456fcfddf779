-- The outbox: everything the bot says on its own initiative, written in the same transaction
-- as the change that causes it and delivered (paced, retried) by the Discord adapter.
-- A row holds facts (ids, numbers), never finished sentences: words belong to the edge.

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('turn', 'reminder', 'ending', 'challenge')),
    target          TEXT    NOT NULL CHECK (target IN ('place', 'dm', 'message')),
    game_id         INTEGER REFERENCES games (id) ON DELETE CASCADE,
    challenge_id    INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
    user_id         INTEGER,                      -- the DM's recipient, or the player concerned
    facts           TEXT    NOT NULL DEFAULT '{}',  -- JSON: what the message needs
    dedupe_key      TEXT    UNIQUE,               -- enqueued once per key (e.g. a reminder)
    nonce           TEXT    NOT NULL,             -- Create Message nonce (enforce_nonce)
    state           TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'sent', 'failed', 'superseded')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL    NOT NULL,             -- epoch seconds
    in_flight_since REAL,                         -- set before a request, cleared after it
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER,
    channel_id      INTEGER,                      -- where it was delivered
    message_id      INTEGER,                      -- Discord's id once accepted
    last_error      TEXT,
    reason          TEXT                          -- why it failed or was superseded
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX outbox_game ON outbox (game_id) WHERE game_id IS NOT NULL;

-- Players whose DMs Discord refused (50007): no DM is tried again until ``until``.
CREATE TABLE closed_dms (
    player_id       INTEGER PRIMARY KEY,
    until           INTEGER NOT NULL
);

-- Games whose place Discord no longer knows (10003/10008): nothing more is posted there.
CREATE TABLE unreachable_games (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reason          TEXT    NOT NULL,
    since           INTEGER NOT NULL
);

-- What a player is told at their next command: a permission Postal lacks in a game's place,
-- or a game whose place is gone. One per player, game and kind.
CREATE TABLE player_notices (
    id              INTEGER PRIMARY KEY,
    player_id       INTEGER NOT NULL,
    game_id         INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind            TEXT    NOT NULL CHECK (kind IN ('missing_permissions', 'unreachable')),
    detail          TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    UNIQUE (player_id, game_id, kind)
);
