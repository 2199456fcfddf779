-- Vote chess's team reminders (issue 26): when a team's reminder last mentioned its Discord
-- role (epoch seconds; NULL: never), so that a role is mentioned at most once a day.
ALTER TABLE teams ADD COLUMN role_reminded_at INTEGER;
