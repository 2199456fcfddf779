-- Spam limits. Every ping one player sends another (a challenge addressed to them, a draw
-- offer, a takeback request) is logged, so pings per pair can be limited over a sliding
-- window; rows older than the window are purged. Open challenges are counted per challenger
-- and per target, so both get an index.

CREATE TABLE pings (
    sender_id       INTEGER NOT NULL,
    target_id       INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('challenge', 'draw', 'takeback')),
    sent_at         INTEGER NOT NULL
);
CREATE INDEX pings_pair ON pings (sender_id, target_id, sent_at);
CREATE INDEX pings_sent ON pings (sent_at);

CREATE INDEX challenges_open_challenger ON challenges (challenger_id) WHERE status = 'open';
CREATE INDEX challenges_open_opponent ON challenges (opponent_id) WHERE status = 'open';
CREATE INDEX challenges_closed_expiry ON challenges (expires_at) WHERE status <> 'open';
