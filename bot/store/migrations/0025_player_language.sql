-- The language a player chose in /settings (a catalog's name: fr, ko, ja, zh_Hans, zh_Hant,
-- en; NULL: follow their Discord client), and the language their Discord client last
-- reported (a Discord code such as zh-TW), for what Postal sends them on its own.
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN client_locale TEXT;
