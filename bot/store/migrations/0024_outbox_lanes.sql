-- Finding the first pending row of each outbox lane (a game's, a challenge's, a player's)
-- is one index probe per row, not a scan of the pending rows (bot.store.outbox).

CREATE INDEX outbox_pending_game ON outbox (game_id, id) WHERE state = 'pending';
CREATE INDEX outbox_pending_challenge ON outbox (challenge_id, id) WHERE state = 'pending';
CREATE INDEX outbox_pending_user ON outbox (user_id, id) WHERE state = 'pending';
