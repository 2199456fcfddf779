"""A game's place: its thread (opened, kept active, archived once it ends) and its board
message.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.store.game_rows import GameTable
from bot.store.records import GameRecord, ThreadUpkeep, from_epoch, to_epoch

# Finished games whose own thread is not archived yet, and when each is due (the end plus a
# delay, given as the first parameter, or the time set after a failed attempt). A thread
# where a game still runs (a rematch is played in the same thread) waits until it ends.
# "OFFSET 0" keeps the NOT EXISTS a probe of games_thread for each finished game found: as a
# join, PostgreSQL (expecting ~150 times the finished games waiting, its estimate of three
# unrelated conditions multiplied) hashed every active game first, each round: 20,000 rows
# read for 112 at 200,000 games (tests/store/test_store_plans_at_size.py).
_ARCHIVE_PENDING = (
    "status = 'finished' AND thread_owned = 1 AND thread_archived_at IS NULL "
    "AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.thread_id = games.thread_id "
    "AND other.status = 'active' LIMIT 1 OFFSET 0)"
)
_ARCHIVE_DUE = "COALESCE(thread_archive_retry_at, finished_at + ?)"
# Threads a round takes at most (one Discord request each): after an outage, a backlog is
# worked through a batch a round, the rest due at once for the next round.
THREADS_A_ROUND = 100


class GameThreads(GameTable):
    """Threads and messages of games."""

    async def set_thread(
        self, game_id: int, thread_id: int | None, upkeep_at: datetime | None = None
    ) -> None:
        """Record the thread Postal opened for the game (None: it stays in its channel),
        to be looked after at ``upkeep_at`` (``thread_upkeep_at``)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_id = ?, thread_owned = ?, thread_upkeep_at = ?, "
                "version = version + 1 WHERE id = ?",
                (
                    thread_id,
                    int(thread_id is not None),
                    None if thread_id is None or upkeep_at is None else to_epoch(upkeep_at),
                    game_id,
                ),
            )

    async def threads_to_keep(
        self, now: datetime, limit: int = THREADS_A_ROUND
    ) -> list[ThreadUpkeep]:
        """Running games whose own thread is due a look at ``now``, soonest first."""
        rows = await self._db.fetch(
            "SELECT id, thread_id, last_move_at FROM games WHERE status = 'active' "
            "AND thread_upkeep_at <= ? AND thread_id IS NOT NULL "
            "ORDER BY thread_upkeep_at LIMIT ?",
            (to_epoch(now), limit),
        )
        return [ThreadUpkeep(row[0], row[1], from_epoch(row[2])) for row in rows]

    async def set_thread_upkeep(self, game_id: int, at: datetime | None) -> None:
        """Look at the game's thread again at ``at`` (None: never); the game's version stays
        (a move read before this look still writes)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_upkeep_at = ? WHERE id = ?",
                (None if at is None else to_epoch(at), game_id),
            )

    async def keeps_thread(self, thread_id: int) -> bool:
        """Whether a running game keeps the thread ``thread_id`` active (its own thread)."""
        rows = await self._db.fetch(
            "SELECT 1 FROM games WHERE thread_id = ? AND status = 'active' "
            "AND thread_upkeep_at IS NOT NULL LIMIT 1",
            (thread_id,),
        )
        return bool(rows)

    async def next_thread_upkeep(self) -> datetime | None:
        """When the next running game's thread is due a look."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(thread_upkeep_at) FROM games "
                "WHERE status = 'active' AND thread_upkeep_at IS NOT NULL"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def threads_to_archive(
        self, now: datetime, delay: timedelta, limit: int = THREADS_A_ROUND
    ) -> list[GameRecord]:
        """Up to ``limit`` finished games whose own thread (one Postal opened) is due to be
        archived: ended ``delay`` before ``now``, or due again after a failed attempt;
        oldest first (the rest stay due, each until archived or retried later)."""
        seconds = int(delay.total_seconds())
        return await self._select(
            f"{_ARCHIVE_PENDING} AND {_ARCHIVE_DUE} <= ? ORDER BY {_ARCHIVE_DUE}, id LIMIT ?",
            (seconds, to_epoch(now), seconds, limit),
        )

    async def thread_archive_done(self, game_id: int, now: datetime) -> None:
        """The game's thread is archived (or can never be): nothing more to do for it."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_archived_at = ?, thread_archive_retry_at = NULL, "
                "version = version + 1 WHERE id = ?",
                (to_epoch(now), game_id),
            )

    async def retry_thread_archive(self, game_id: int, at: datetime) -> None:
        """Archiving met a passing failure: try again at ``at``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_archive_retry_at = ?, version = version + 1 WHERE id = ?",
                (to_epoch(at), game_id),
            )

    async def next_thread_archive(self, delay: timedelta) -> datetime | None:
        """When the next finished game's own thread is due to be archived."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT MIN({_ARCHIVE_DUE}) FROM games WHERE {_ARCHIVE_PENDING}",
                (int(delay.total_seconds()),),
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET message_id = ?, version = version + 1 WHERE id = ?",
                (message_id, game_id),
            )
