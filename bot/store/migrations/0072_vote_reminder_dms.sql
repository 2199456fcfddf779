-- Vote chess (issue 26): the members who asked to be reminded by DM when their team's vote
-- is open and they have not voted (/vote remind). A role team's members are known only as
-- they act, so the wish is kept per team, not per member list.
CREATE TABLE team_reminder_dms (
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    player_id       INTEGER NOT NULL,
    PRIMARY KEY (team_id, player_id)
);

-- /stats counts a member's team games apart (issue 26): the vote games they voted or
-- nominated in, and their club matches' games, found from the member, not by a scan.
CREATE INDEX team_votes_by_voter ON team_votes (voter_id);
CREATE INDEX team_nominations_by_member ON team_nominations (nominated_by);
CREATE INDEX club_match_players_by_player ON club_match_players (player_id);
