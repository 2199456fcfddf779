-- Several processes run the clock: each due item (a game to time out, a reminder, a thread
-- to archive, an old board to edit) is claimed by one of them for a lease (bot.store.claims).

CREATE TABLE claims (
    kind          TEXT             NOT NULL,
    item_id       BIGINT           NOT NULL,
    holder        TEXT             NOT NULL,
    claimed_until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, item_id)
);
