"""Per-server settings: the language a server's managers chose for its shared messages, and
the role they named to organise tournaments."""

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


class TournamentRoles:
    """The rows of ``tournament_roles``: one per server that named an organisers' role."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def role(self, guild_id: int) -> int | None:
        """The role whose members may organise tournaments in ``guild_id``, if named."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT role_id FROM tournament_roles WHERE guild_id = ?", (guild_id,)
            )
            row = await cursor.fetchone()
            await cursor.close()
        return None if row is None else int(row[0])

    async def choose(self, guild_id: int, role_id: int | None) -> None:
        """Name ``role_id`` the organisers' role of ``guild_id`` (replacing any before);
        None: name none."""
        async with self._db.transaction() as conn:
            if role_id is None:
                await conn.execute("DELETE FROM tournament_roles WHERE guild_id = ?", (guild_id,))
                return
            await conn.execute(
                "INSERT INTO tournament_roles (guild_id, role_id) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id",
                (guild_id, role_id),
            )
