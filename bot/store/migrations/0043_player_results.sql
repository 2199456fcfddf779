-- Each player's wins, draws and losses per server, variant, rated or not, and opponent kind
-- (level 0: a person; 1-8: the computer at that level, for the human and for the computer
-- alike), kept by the ending's own write (bot.store.tallies.count_result, in the transaction
-- that stores the result). /stats reads these rows, a few per server the player played in,
-- instead of adding up every finished game of the player at every call (issue 29.6). Aborted
-- games count nowhere, as /stats never counted them.
CREATE TABLE player_results (
    player_id       INTEGER NOT NULL REFERENCES players (id),
    guild_id        INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    rated           INTEGER NOT NULL,
    level           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    draws           INTEGER NOT NULL,
    losses          INTEGER NOT NULL,
    PRIMARY KEY (player_id, guild_id, variant, rated, level)
) WITHOUT ROWID;

-- The games finished before this migration, counted once from each seat.
INSERT INTO player_results (player_id, guild_id, variant, rated, level, wins, draws, losses)
SELECT player_id, guild_id, variant, rated, level, SUM(won), SUM(drawn), SUM(lost)
FROM (
    SELECT g.white_id AS player_id, g.guild_id, g.variant, g.rated, COALESCE(c.level, 0) AS level,
           CASE WHEN g.result = '1-0' THEN 1 ELSE 0 END AS won,
           CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END AS drawn,
           CASE WHEN g.result = '0-1' THEN 1 ELSE 0 END AS lost
    FROM games AS g LEFT JOIN computer_games AS c ON c.game_id = g.id
    WHERE g.status = 'finished' AND g.termination <> 'aborted'
    UNION ALL
    SELECT g.black_id, g.guild_id, g.variant, g.rated, COALESCE(c.level, 0),
           CASE WHEN g.result = '0-1' THEN 1 ELSE 0 END,
           CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END,
           CASE WHEN g.result = '1-0' THEN 1 ELSE 0 END
    FROM games AS g LEFT JOIN computer_games AS c ON c.game_id = g.id
    WHERE g.status = 'finished' AND g.termination <> 'aborted'
) AS seats
GROUP BY player_id, guild_id, variant, rated, level;
