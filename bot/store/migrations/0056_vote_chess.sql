-- Vote chess (issue 26): a team is one side of one game, played by its members' votes. The
-- team sits in the game as a player of its own, players.id = -teams.id (real ids are
-- positive). closes_at is the open voting window's close, the clock's next event for it
-- (found by teams_window_due); NULL while the team is not to move.
CREATE TABLE teams (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    captain_id      INTEGER NOT NULL REFERENCES players (id),
    role_id         INTEGER,                      -- a Discord role: its holders are members
    window_seconds  INTEGER NOT NULL CHECK (window_seconds > 0),
    secret          INTEGER NOT NULL CHECK (secret IN (0, 1)),
    created_at      INTEGER NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    window_ply      INTEGER,
    closes_at       INTEGER,
    -- Raised by every nomination and vote: a close counted at one value writes only if no
    -- vote came since (its guard), so no vote accepted is left out of the count.
    ballots         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX teams_window_due ON teams (closes_at) WHERE closes_at IS NOT NULL;
CREATE INDEX teams_by_game ON teams (game_id);

-- A list team's members (the captain is one); a role team's come from Discord at each vote.
CREATE TABLE team_members (
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    player_id       INTEGER NOT NULL,
    PRIMARY KEY (team_id, player_id)
);
CREATE INDEX team_members_by_player ON team_members (player_id);

-- The moves nominated for one turn (ply); the id orders them: the tie-break.
CREATE TABLE team_nominations (
    id              INTEGER PRIMARY KEY,
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    ply             INTEGER NOT NULL,
    uci             TEXT    NOT NULL,
    san             TEXT    NOT NULL,
    chinese         TEXT,
    nominated_by    INTEGER NOT NULL,
    nominated_at    INTEGER NOT NULL,
    UNIQUE (team_id, ply, uci)
);

-- One vote per member per turn; changes counts how often it was changed (limited).
CREATE TABLE team_votes (
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    ply             INTEGER NOT NULL,
    voter_id        INTEGER NOT NULL,
    nomination_id   INTEGER NOT NULL REFERENCES team_nominations (id),
    cast_at         INTEGER NOT NULL,
    changes         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (team_id, ply, voter_id)
);
