-- Forfeits (issue 25): a tournament game ended by a player's withdrawal (lost by them, not
-- played out) is marked, so the tie-breaks count it as FIDE counts an unplayed round
-- (bot.service.tournament.swiss_standings). A withdrawal writes it with the endings; the
-- games earlier withdrawals ended are those that ended at the withdrawal's own moment.
ALTER TABLE tournament_games ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0;
UPDATE tournament_games SET forfeit = 1 WHERE EXISTS (
    SELECT 1 FROM games g JOIN tournament_entrants e ON e.tournament_id = tournament_games.tournament_id
    WHERE g.id = tournament_games.game_id AND g.status = 'finished'
    AND e.player_id IN (g.white_id, g.black_id) AND e.withdrawn_at IS NOT NULL
    AND g.finished_at = e.withdrawn_at
);
