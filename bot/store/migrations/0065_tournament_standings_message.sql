-- A tournament's standings message (issue 25): posted in its place by the first result's
-- outbox row and edited by each later one's (bot/service/deliveries.py). NULL: none yet.
ALTER TABLE tournaments ADD COLUMN standings_message_id INTEGER;
