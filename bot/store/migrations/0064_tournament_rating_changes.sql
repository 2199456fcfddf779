-- Each rated tournament game's ratings before and after it (issue 25: the standings show each
-- player's rating change over the tournament), written by the game's ending in its own
-- transaction (bot/store/tournament_endings.py). A *_before of NULL: the player's first rated
-- game there (they started from the newcomer's rating). All NULL: unrated, or not played out.
ALTER TABLE tournament_games ADD COLUMN white_rating_before REAL;
ALTER TABLE tournament_games ADD COLUMN white_rating_after REAL;
ALTER TABLE tournament_games ADD COLUMN black_rating_before REAL;
ALTER TABLE tournament_games ADD COLUMN black_rating_after REAL;
