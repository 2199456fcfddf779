-- The language a server's managers chose for what Postal shows its whole channel
-- (/settings server_language:): a catalog's name (fr, ko, ja, zh_Hans, zh_Hant, en). No row:
-- the server's own Discord language (its preferred locale, sent as each interaction's
-- guild_locale).
CREATE TABLE server_languages (
    guild_id INTEGER NOT NULL PRIMARY KEY,
    language TEXT    NOT NULL
);
