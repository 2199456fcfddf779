"""Small named facts the bot keeps about itself (the last registered commands' hash)."""

from __future__ import annotations

from bot.store.database import Connection, Database


class BotState:
    """A key-value table; each write is one transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def get(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""
        async with self.database.read() as conn:
            return await read_value(conn, key)

    async def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing what was there."""
        async with self.database.transaction() as conn:
            await write_value(conn, key, value)


async def read_value(conn: Connection, key: str) -> str | None:
    """The value under ``key`` (inside the caller's read or transaction), or None."""
    cursor = await conn.execute("SELECT value FROM bot_state WHERE key = ?", (key,))
    row = await cursor.fetchone()
    await cursor.close()
    return None if row is None else str(row[0])


async def write_value(conn: Connection, key: str, value: str) -> None:
    """Store ``value`` under ``key`` inside the caller's transaction."""
    await conn.execute(
        "INSERT INTO bot_state (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
