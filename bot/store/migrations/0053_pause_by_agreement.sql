-- Pause by agreement (issue 27): a player asks to stop a game's clocks for some days (an
-- offer of kind 'pause', its days beside it); once the opponent accepts, the game keeps when
-- the pause ends (paused_until: the clock does not run before it; the deadline of the player
-- to move was moved by the pause when it was agreed) and the days of pause it has used
-- (pause_days: a game may not be paused indefinitely). SQLite cannot change a CHECK in
-- place: the offers (a handful a game) and the pings log (an hour's worth) are rebuilt.
CREATE TABLE offers_paused (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind            TEXT    NOT NULL CHECK (kind IN ('draw', 'takeback', 'pause')),
    from_player_id  INTEGER NOT NULL REFERENCES players (id),
    ply             INTEGER NOT NULL,
    created_at      INTEGER NOT NULL,
    days            INTEGER CHECK (days > 0),     -- a pause's length; NULL for other kinds
    PRIMARY KEY (game_id, kind),
    CHECK ((kind = 'pause') = (days IS NOT NULL))
) WITHOUT ROWID;
INSERT INTO offers_paused (game_id, kind, from_player_id, ply, created_at)
SELECT game_id, kind, from_player_id, ply, created_at FROM offers;
DROP TABLE offers;
ALTER TABLE offers_paused RENAME TO offers;

DROP TABLE pings;
CREATE TABLE pings (
    sender_id       INTEGER NOT NULL,
    target_id       INTEGER NOT NULL,
    kind            TEXT    NOT NULL
                    CHECK (kind IN ('challenge', 'draw', 'takeback', 'moretime', 'pause')),
    sent_at         INTEGER NOT NULL
);
CREATE INDEX pings_pair ON pings (sender_id, target_id, sent_at);
CREATE INDEX pings_sent ON pings (sent_at);

ALTER TABLE games ADD COLUMN paused_until INTEGER;
ALTER TABLE games ADD COLUMN pause_days INTEGER NOT NULL DEFAULT 0;
