-- Small facts the bot keeps about itself, such as the hash of the slash commands it last
-- registered with Discord (so it re-registers only when they change).

CREATE TABLE bot_state (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
);
