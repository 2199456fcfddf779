-- The process that shows each analysis message (its process name): after a restart each
-- process goes on showing its own askers' messages, whether it runs the analysis or another
-- process does; a process taking an analysis over from one that stopped takes that one's
-- messages with it. Rows from before ('') are shown by whichever process runs the analysis.
ALTER TABLE analysis_progress_messages ADD COLUMN shown_by TEXT NOT NULL DEFAULT '';
