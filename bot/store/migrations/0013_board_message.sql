-- Confirm moves, per player: a move chosen on the board message is shown before it is played.
-- No row means the default (on, as lichess does for correspondence games).
CREATE TABLE move_confirmation (
    player_id       INTEGER PRIMARY KEY,
    confirm         INTEGER NOT NULL CHECK (confirm IN (0, 1))
);

-- The console's numbered buttons and menu choices, so `/press 7` still works after a restart
-- (on Discord the buttons live on the messages). ``grp`` is the message they were shown
-- with; pressing one takes the group away, as Discord removes a pressed message's buttons.
-- Numbers are never used twice (AUTOINCREMENT), so an old number cannot press a new button.
CREATE TABLE console_buttons (
    number          INTEGER PRIMARY KEY AUTOINCREMENT,
    grp             INTEGER NOT NULL,
    label           TEXT    NOT NULL,
    custom_id       TEXT    NOT NULL,
    allowed         TEXT    NOT NULL,
    value           TEXT,
    board_game_id   INTEGER
);
CREATE INDEX console_buttons_group ON console_buttons (grp);
