-- Vote chess's Discord polls (issue 26): a poll of a team's nominations for one turn (ply),
-- posted beside the board in a channel or thread. moves: the answers' moves in order (UCI,
-- separated by spaces): answer n is the nth. Rows of a turn that closed are taken to end
-- their polls early.
CREATE TABLE team_polls (
    message_id      INTEGER PRIMARY KEY,
    channel_id      INTEGER NOT NULL,
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    ply             INTEGER NOT NULL,
    moves           TEXT    NOT NULL
);
CREATE INDEX team_polls_by_team ON team_polls (team_id, ply);
