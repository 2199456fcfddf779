-- Outbox kinds are checked by the code (bot.store.outbox.OutboxKind), no longer by a CHECK
-- constraint: SQLite cannot change a CHECK without rebuilding the table (0014 did, for the
-- digest), and new kinds of message (offers posted in a game's place, takebacks shown there,
-- more to come) should not need that each time.

CREATE TABLE outbox_open (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL,
    target          TEXT    NOT NULL CHECK (target IN ('place', 'dm', 'message')),
    game_id         INTEGER REFERENCES games (id) ON DELETE CASCADE,
    challenge_id    INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
    user_id         INTEGER,
    facts           TEXT    NOT NULL DEFAULT '{}',
    dedupe_key      TEXT    UNIQUE,
    nonce           TEXT    NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'sent', 'failed', 'superseded')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL    NOT NULL,
    in_flight_since REAL,
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER,
    channel_id      INTEGER,
    message_id      INTEGER,
    last_error      TEXT,
    reason          TEXT,
    held_until      REAL
);
INSERT INTO outbox_open (
    id, kind, target, game_id, challenge_id, user_id, facts, dedupe_key, nonce, state,
    attempts, next_attempt_at, in_flight_since, created_at, finished_at, channel_id,
    message_id, last_error, reason, held_until
)
SELECT
    id, kind, target, game_id, challenge_id, user_id, facts, dedupe_key, nonce, state,
    attempts, next_attempt_at, in_flight_since, created_at, finished_at, channel_id,
    message_id, last_error, reason, held_until
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_open RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX outbox_game ON outbox (game_id) WHERE game_id IS NOT NULL;
