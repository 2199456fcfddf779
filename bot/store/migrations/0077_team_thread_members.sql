-- Vote chess (issue 26): whom Postal added to a team's private thread. Postal asks for no
-- privileged intent, so it can neither list a thread's members (List Thread Members needs
-- GUILD_MEMBERS) nor hear that a member lost the team's role; it remembers whom it added,
-- to take out those no longer on the team when it next opens the thread for a member.
CREATE TABLE team_thread_members (
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    player_id       INTEGER NOT NULL,
    PRIMARY KEY (team_id, player_id)
);
