"""Per-server settings: the language a server's managers chose for its shared messages."""

from __future__ import annotations

from bot.store.database import Database


class ServerLanguages:
    """The rows of ``server_languages``: one per server that chose a language."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def chosen(self) -> dict[int, str]:
        """Every server's chosen language (a catalog's name), for those that chose one."""
        async with self._db.read() as conn:
            cursor = await conn.execute("SELECT guild_id, language FROM server_languages")
            rows = await cursor.fetchall()
        return {int(row[0]): str(row[1]) for row in rows}

    async def choose(self, guild_id: int, language: str | None) -> None:
        """Store ``language`` for ``guild_id``; None: follow the server's Discord language."""
        async with self._db.transaction() as conn:
            if language is None:
                await conn.execute("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
            else:
                await conn.execute(
                    "INSERT INTO server_languages (guild_id, language) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )
