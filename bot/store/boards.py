"""Board messages: the game's newest one, and the older ones whose buttons are still to go."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Database, Statement
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
        # One write sent whole: the old board is listed first (read from the game's row
        # inside the transaction), then the row points to the new one.
        results = await self._db.write(
            [
                Statement(
                    "INSERT INTO board_retirements (message_id, game_id, channel_id, created_at) "
                    "SELECT message_id, id, ?, ? FROM games WHERE id = ? "
                    f"AND message_id IS NOT NULL AND message_id <> ?{self._db.row_lock} "
                    "ON CONFLICT (message_id) DO NOTHING RETURNING message_id",
                    (channel_id, to_epoch(now), game_id, message_id),
                ),
                Statement(
                    "UPDATE games SET message_id = ?, version = version + 1 WHERE id = ? "
                    "AND (message_id IS NULL OR message_id <> ?)",
                    (message_id, game_id, message_id),
                ),
            ]
        )
        listed = results[0] if results else []
        return OldBoard(int(listed[0][0]), game_id, channel_id) if listed else None

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
