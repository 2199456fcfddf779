-- Old board messages whose buttons are still to be removed: written in the transaction that
-- records the newer board, deleted once the edit was tried, so a restart loses none.
CREATE TABLE board_retirements (
    message_id      INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    created_at      INTEGER NOT NULL
);
