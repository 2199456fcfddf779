-- Where a game lives. A challenge made inside a thread or a forum post remembers it
-- (channel_id is then the parent channel), and the game started from it lives there too.
-- Postal archives, a day after the end, only the threads it opened itself; an attempt that
-- met a passing failure (Discord 5xx) is tried again at thread_archive_retry_at.

ALTER TABLE challenges ADD COLUMN thread_id INTEGER;

ALTER TABLE games ADD COLUMN thread_owned INTEGER NOT NULL DEFAULT 0
    CHECK (thread_owned IN (0, 1));
ALTER TABLE games ADD COLUMN thread_archived_at INTEGER;
ALTER TABLE games ADD COLUMN thread_archive_retry_at INTEGER;

-- Until now a game's thread was always one Postal opened for it.
UPDATE games SET thread_owned = 1 WHERE thread_id IS NOT NULL;

CREATE INDEX games_thread_to_archive ON games (finished_at)
    WHERE thread_owned = 1 AND thread_archived_at IS NULL AND status = 'finished';
