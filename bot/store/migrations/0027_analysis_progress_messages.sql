-- Every asker's message showing an analysis's progress (each asker's latest): a restart that
-- resumes the analysis goes on updating each one, in its asker's language and looks. Until
-- now the latest asker's message replaced the others' and that asker replaced the one who
-- started the analysis as its requested_by (the engine pool's fairness key): requested_by
-- now stays the asker who started it.
CREATE TABLE analysis_progress_messages (
    game_id         INTEGER NOT NULL REFERENCES analyses (game_id) ON DELETE CASCADE,
    viewer_id       INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER NOT NULL,
    PRIMARY KEY (game_id, viewer_id)
);
INSERT INTO analysis_progress_messages (game_id, viewer_id, channel_id, message_id)
SELECT game_id, requested_by, progress_channel_id, progress_message_id FROM analyses
WHERE progress_channel_id IS NOT NULL AND progress_message_id IS NOT NULL
AND finished_at IS NULL;
ALTER TABLE analyses DROP COLUMN progress_channel_id;
ALTER TABLE analyses DROP COLUMN progress_message_id;
