-- Vote chess's private team threads (issue 26): the thread Postal opened for a team on
-- Discord, where its members talk and the other side cannot read (NULL: none yet).
ALTER TABLE teams ADD COLUMN thread_id INTEGER;
