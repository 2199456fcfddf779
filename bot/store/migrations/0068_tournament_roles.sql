-- A server's tournament organisers' role (issue 25): members holding it may open and run
-- tournaments there as members who may manage the server do (/settings tournament_role:).
CREATE TABLE tournament_roles (
    guild_id        INTEGER PRIMARY KEY,
    role_id         INTEGER NOT NULL
);
