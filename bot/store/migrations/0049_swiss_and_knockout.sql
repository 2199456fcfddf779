-- Swiss and knockout tournaments (issue 25): they start a round (or a match's games) at a
-- time, after the games before it ended. rounds: a Swiss' number of rounds (NULL for the
-- other formats); bye_halves: what a Swiss bye scores, in half points (2: a win, FIDE's
-- default; 1: a draw; 0: nothing). A Swiss round's bye is a row of tournament_byes.
ALTER TABLE tournaments ADD COLUMN rounds INTEGER CHECK (rounds IS NULL OR rounds >= 1);
ALTER TABLE tournaments ADD COLUMN bye_halves INTEGER NOT NULL DEFAULT 2
    CHECK (bye_halves IN (0, 1, 2));

CREATE TABLE tournament_byes (
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, round),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
);
