"""Confirm moves: which of a player's moves are shown to them before they are played."""

from __future__ import annotations

from bot.store.database import Database
from bot.store.records import ConfirmMoves

# A typed /move is already deliberate (typed, or picked from autocomplete); a move picked
# from the board's menus is one tap from a slip, so those are shown first by default.
DEFAULT_CONFIRM = ConfirmMoves.MENUS


class Confirmations:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def mode(self, player_id: int) -> ConfirmMoves:
        """The player's choice, else ``DEFAULT_CONFIRM``."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT mode FROM move_confirmation WHERE player_id = ?", (player_id,)
            )
            row = await cursor.fetchone()
        return DEFAULT_CONFIRM if row is None else ConfirmMoves(row[0])

    async def set(self, player_id: int, mode: ConfirmMoves) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO move_confirmation (player_id, mode) VALUES (?, ?) "
                "ON CONFLICT (player_id) DO UPDATE SET mode = excluded.mode",
                (player_id, mode.value),
            )
