-- /moretime mentions the opponent too, so it counts towards the pings per pair. SQLite cannot
-- change a CHECK constraint in place: the log (an hour's worth of rows at most) is rebuilt.

DROP TABLE pings;
CREATE TABLE pings (
    sender_id       INTEGER NOT NULL,
    target_id       INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('challenge', 'draw', 'takeback', 'moretime')),
    sent_at         INTEGER NOT NULL
);
CREATE INDEX pings_pair ON pings (sender_id, target_id, sent_at);
CREATE INDEX pings_sent ON pings (sent_at);
