-- More games (issue 28): games, challenges and tournaments accept 'chess960' and 'janggi'
-- beside 'chess' and 'xiangqi', both at once so janggi needs no second change.
--
-- SQLite cannot change a CHECK in place, and a rebuild (create, copy, drop, rename) of games
-- is not possible here: some twenty tables reference games, challenges and tournaments, and
-- the migration runs inside a transaction with foreign keys on, where dropping the old games
-- would delete (ON DELETE CASCADE) or orphan every move and offer. SQLite's documented way
-- for a change that no stored row can break (its ALTER TABLE page, "making other kinds of
-- table schema changes", as for removing a CHECK) is to edit the table's stored definition:
-- a wider CHECK holds for every row the narrower one admitted. The text replaced is exactly
-- what 0001 and 0044 wrote; a fresh database runs them and then this, so the schema is the
-- same either way.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(
    sql,
    'CHECK (variant IN (''chess'', ''xiangqi''))',
    'CHECK (variant IN (''chess'', ''chess960'', ''xiangqi'', ''janggi''))'
)
WHERE type = 'table' AND name IN ('games', 'challenges', 'tournaments');
-- RESET reloads this connection's schema (the new CHECKs apply to it at once) ...
PRAGMA writable_schema = RESET;
-- ... and a DDL statement moves the schema cookie on, so every other connection to the file
-- reloads its schema too before its next statement.
CREATE TABLE more_variants_schema_cookie (unused INTEGER);
DROP TABLE more_variants_schema_cookie;
