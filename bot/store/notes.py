"""Private notes: a player's own notes on a game, each with the ply it was written at."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Database
from bot.store.records import from_epoch, to_epoch


@dataclass(frozen=True, slots=True)
class Note:
    id: int
    game_id: int
    player_id: int
    ply: int
    text: str
    created_at: datetime


class Notes:
    """Reads and writes of ``notes``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of(self, game_id: int, player_id: int) -> list[Note]:
        """``player_id``'s notes on a game, oldest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT id, game_id, player_id, ply, text, created_at FROM notes "
                "WHERE game_id = ? AND player_id = ? ORDER BY id",
                (game_id, player_id),
            )
            rows = await cursor.fetchall()
        return [Note(r[0], r[1], r[2], r[3], r[4], from_epoch(r[5])) for r in rows]

    async def of_games(self, game_ids: Sequence[int], player_id: int) -> list[Note]:
        """``player_id``'s notes on any of ``game_ids`` (a list's games, read at once),
        oldest first; never another player's."""
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT id, game_id, player_id, ply, text, created_at FROM notes "
                f"WHERE player_id = ? AND game_id IN ({marks}) ORDER BY id",
                (player_id, *game_ids),
            )
            rows = await cursor.fetchall()
        return [Note(r[0], r[1], r[2], r[3], r[4], from_epoch(r[5])) for r in rows]

    async def add(
        self, game_id: int, player_id: int, ply: int, text: str, now: datetime, *, limit: int
    ) -> Note | None:
        """Add a note unless the player already has ``limit`` on the game (None then); the
        count is checked in the same transaction, so simultaneous notes cannot pass it."""
        async with self._db.transaction() as conn:
            # The count is read before the insert: simultaneous notes take turns.
            await conn.lock([f"notes:{game_id}:{player_id}"])
            cursor = await conn.execute(
                "INSERT INTO notes (game_id, player_id, ply, text, created_at) "
                "SELECT ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM notes "
                "WHERE game_id = ? AND player_id = ?) < ? RETURNING id",
                (game_id, player_id, ply, text, to_epoch(now), game_id, player_id, limit),
            )
            row = await cursor.fetchone()
            await cursor.close()
        if row is None:
            return None
        return Note(int(row[0]), game_id, player_id, ply, text, now)

    async def clear(self, game_id: int, player_id: int) -> int:
        """Delete ``player_id``'s notes on a game; how many there were."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM notes WHERE game_id = ? AND player_id = ?", (game_id, player_id)
            )
            return cursor.rowcount
