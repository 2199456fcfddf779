-- Vote chess between two servers (issue 26): the server a team's challenge is addressed to
-- (NULL: its own server's teams). Only a team formed in that server may accept it, and the
-- game then lives in both servers: a thread in each (game_places).
ALTER TABLE teams ADD COLUMN rival_guild_id INTEGER;
