"""Board messages: the game's newest one, and the older ones whose buttons are still to go."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Database
from bot.store.records import to_epoch


@dataclass(frozen=True, slots=True)
class OldBoard:
    """A board message replaced by a newer one: its buttons are to be removed."""

    message_id: int
    game_id: int
    channel_id: int


class Boards:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def replace(
        self, game_id: int, channel_id: int, message_id: int, now: datetime
    ) -> OldBoard | None:
        """Record ``message_id`` (in ``channel_id``, the game's place) as the game's board
        message and, in the same transaction, the one it replaces as an ``OldBoard`` to
        retire (returned; None if there was none or it is the same)."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute("SELECT message_id FROM games WHERE id = ?", (game_id,))
            row = await cursor.fetchone()
            await cursor.close()
            if row is None or row[0] == message_id:
                return None
            await conn.execute(
                "UPDATE games SET message_id = ?, version = version + 1 WHERE id = ?",
                (message_id, game_id),
            )
            if row[0] is None:
                return None
            old = OldBoard(int(row[0]), game_id, channel_id)
            await conn.execute(
                "INSERT INTO board_retirements (message_id, game_id, channel_id, created_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (old.message_id, game_id, channel_id, to_epoch(now)),
            )
        return old

    async def to_retire(self, limit: int) -> list[OldBoard]:
        """The oldest boards still to retire."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT message_id, game_id, channel_id FROM board_retirements "
                "ORDER BY created_at, message_id LIMIT ?",
                (limit,),
            )
            rows = await cursor.fetchall()
        return [OldBoard(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def retired(self, message_id: int) -> None:
        """The edit was tried (done, or the message is out of reach): forget it."""
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM board_retirements WHERE message_id = ?", (message_id,))
