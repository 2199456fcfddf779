-- A knockout's Armageddon game is marked as what it is (issue 25), not told by its place
-- among its match's games (the one after the match's pairs): an extra game or a reorder can
-- no longer make another game the decider. The games started before this are marked by the
-- rule that told them until now: in a knockout decided by Armageddon, the match's game
-- 2 * (tiebreak_pairs + 1) + 1 in the order the games were created.
ALTER TABLE tournament_games ADD COLUMN armageddon INTEGER NOT NULL DEFAULT 0;
UPDATE tournament_games SET armageddon = 1 WHERE game_id IN (
    SELECT game_id FROM (
        SELECT m.game_id, t.tiebreak_pairs, ROW_NUMBER() OVER (
            PARTITION BY m.tournament_id, m.round, m.board ORDER BY m.game_id
        ) AS started
        FROM tournament_games m JOIN tournaments t ON t.id = m.tournament_id
        WHERE t.format = 'knockout' AND t.decider = 'armageddon'
    ) AS ordered WHERE started = 2 * (tiebreak_pairs + 1) + 1
);
