"""Move previews: the move each player was last shown (Confirm moves) in each game."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database


@dataclass(frozen=True, slots=True)
class Preview:
    """A move shown to its player before it is played: at ``ply``, ``uci`` written ``san``."""

    ply: int
    uci: str
    san: str


class Previews:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def shown(self, game_id: int, player_id: int, preview: Preview) -> None:
        """``preview`` is the player's latest in the game (it replaces any older one)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO move_previews (game_id, player_id, ply, uci, san) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, player_id) DO UPDATE SET "
                "ply = excluded.ply, uci = excluded.uci, san = excluded.san",
                (game_id, player_id, preview.ply, preview.uci, preview.san),
            )

    async def latest(self, game_id: int, player_id: int) -> Preview | None:
        """The player's latest preview in the game, if one was shown and not answered."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT ply, uci, san FROM move_previews WHERE game_id = ? AND player_id = ?",
                (game_id, player_id),
            )
            row = await cursor.fetchone()
        return None if row is None else Preview(int(row[0]), str(row[1]), str(row[2]))

    async def answered(self, game_id: int, player_id: int) -> None:
        """The player's preview in the game was confirmed or cancelled."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "DELETE FROM move_previews WHERE game_id = ? AND player_id = ?",
                (game_id, player_id),
            )
