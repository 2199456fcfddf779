"""Confirm moves: whether a player sees a move chosen on the board before it is played."""

from __future__ import annotations

from bot.store.database import Database

# Lichess asks for confirmation in correspondence games by default; every Postal game is one.
DEFAULT_CONFIRM = True


class Confirmations:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def confirms(self, player_id: int) -> bool:
        """The player's choice, else ``DEFAULT_CONFIRM``."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT confirm FROM move_confirmation WHERE player_id = ?", (player_id,)
            )
            row = await cursor.fetchone()
        return DEFAULT_CONFIRM if row is None else bool(row[0])

    async def set(self, player_id: int, confirm: bool) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO move_confirmation (player_id, confirm) VALUES (?, ?) "
                "ON CONFLICT (player_id) DO UPDATE SET confirm = excluded.confirm",
                (player_id, int(confirm)),
            )
