-- The newest board message in each of a game's other places (issue 26), as games.message_id
-- is in its own: the one a newer board there retires. Before, the newest board row the outbox
-- sent to the place stood for it, so a board an interaction answered there (an ending or a
-- takeback pressed in the other server) was never retired. Filled from those rows.
ALTER TABLE game_places ADD COLUMN message_id INTEGER;
UPDATE game_places SET message_id = (
    SELECT o.message_id FROM outbox o
    WHERE o.game_id = game_places.game_id AND o.place_id = game_places.id
        AND o.state = 'sent' AND o.message_id IS NOT NULL
        AND o.kind IN ('turn', 'takeback', 'game_opened', 'ending')
    ORDER BY o.id DESC LIMIT 1
);
