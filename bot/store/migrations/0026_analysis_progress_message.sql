-- The message showing an analysis's progress (the asker's answer on Discord): a restart that
-- resumes the analysis goes on updating that same message.
ALTER TABLE analyses ADD COLUMN progress_channel_id BIGINT;
ALTER TABLE analyses ADD COLUMN progress_message_id BIGINT;
