-- Reminders on the player's terms: which reminders (hours before a deadline, comma-separated;
-- NULL: the default, '' none), a time zone (IANA name), quiet hours and a daily digest, as
-- minutes after local midnight (-1: none). digest_due_at is when the next digest is due.
ALTER TABLE players ADD COLUMN reminder_hours TEXT;
ALTER TABLE players ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE players ADD COLUMN quiet_from INTEGER NOT NULL DEFAULT -1
    CHECK (quiet_from BETWEEN -1 AND 1439);
ALTER TABLE players ADD COLUMN quiet_until INTEGER NOT NULL DEFAULT -1
    CHECK (quiet_until BETWEEN -1 AND 1439);
ALTER TABLE players ADD COLUMN digest_at INTEGER NOT NULL DEFAULT -1
    CHECK (digest_at BETWEEN -1 AND 1439);
ALTER TABLE players ADD COLUMN digest_due_at INTEGER;
CREATE INDEX players_digest_due ON players (digest_due_at) WHERE digest_due_at IS NOT NULL;

-- The outbox learns a new kind (the daily digest, a DM about no single game) and rows held
-- back until a time (a DM during the recipient's quiet hours). SQLite cannot change a CHECK
-- constraint in place: the table is rebuilt with its rows.
CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL
                    CHECK (kind IN ('turn', 'reminder', 'ending', 'challenge', 'digest')),
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
    held_until      REAL                          -- not offered to the sender before this
);
INSERT INTO outbox_new (id, kind, target, game_id, challenge_id, user_id, facts, dedupe_key,
    nonce, state, attempts, next_attempt_at, in_flight_since, created_at, finished_at,
    channel_id, message_id, last_error, reason)
SELECT id, kind, target, game_id, challenge_id, user_id, facts, dedupe_key, nonce, state,
    attempts, next_attempt_at, in_flight_since, created_at, finished_at, channel_id,
    message_id, last_error, reason
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX outbox_game ON outbox (game_id) WHERE game_id IS NOT NULL;
