"""Small named facts the bot keeps about itself (the last registered commands' hash)."""

from __future__ import annotations

from bot.store.database import Database


class BotState:
    """A key-value table; each write is one transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def get(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""
        async with self.database.read() as conn:
            cursor = await conn.execute("SELECT value FROM bot_state WHERE key = ?", (key,))
            row = await cursor.fetchone()
            await cursor.close()
        return None if row is None else str(row[0])

    async def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing what was there."""
        async with self.database.transaction() as conn:
            await conn.execute(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
