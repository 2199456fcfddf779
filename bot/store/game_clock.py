"""The clock's queries: deadlines moved, games past theirs, damaged games set aside, and
the reminders handed over.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store.game_rows import GameTable
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import GameRecord, to_epoch


class GameClock(GameTable):
    """Deadlines and reminders."""

    async def set_deadline(
        self,
        game: GameRecord,
        deadline_at: datetime,
        outbox: Sequence[OutboxItem] = (),
        now: datetime | None = None,
    ) -> bool:
        """Move the deadline of a game still active at ``game.version``, with its ``outbox``
        rows (due at ``now``); False, nothing written, when the game changed."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET deadline_at = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (to_epoch(deadline_at), game.id, game.version),
            )
            moved = cursor.rowcount == 1
            if moved and outbox:
                assert now is not None
                await insert_items(conn, outbox, now)
            return moved

    async def overdue(
        self, now: datetime, *, after: tuple[int, int] | None = None, limit: int = 500
    ) -> list[GameRecord]:
        """At most ``limit`` active games past their deadline, by deadline then id, from
        after ``after`` (the deadline and id of the last one taken before: a round goes
        through them in bounded reads). Damaged games are left to an operator."""
        moment = to_epoch(now)
        last, last_id = after if after is not None else (-(1 << 62), 0)
        return await self._select(
            "status = 'active' AND damaged_at IS NULL AND deadline_at <= ? "
            "AND (deadline_at > ? OR (deadline_at = ? AND id > ?)) "
            "ORDER BY deadline_at, id LIMIT ?",
            (moment, last, last, last_id, limit),
        )

    async def mark_damaged(self, game_id: int, reason: str, now: datetime) -> None:
        """Record that the game's stored moves no longer replay: the clock skips it from now
        on (its deadline stays as it was, for an operator to look at)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET damaged_at = ?, damage = ?, version = version + 1 "
                "WHERE id = ? AND damaged_at IS NULL",
                (to_epoch(now), reason[:500], game_id),
            )

    async def mark_reminded(
        self, game_id: int, deadline_at: datetime, hours: Sequence[int], now: datetime
    ) -> None:
        """Record reminders as sent for this deadline (sending a later one covers earlier)."""
        await self.hand_over_reminders([(game_id, deadline_at, hours, ())], now)

    async def hand_over_reminders(
        self,
        reminders: Sequence[tuple[int, datetime, Sequence[int], Sequence[OutboxItem]]],
        now: datetime,
        *,
        sync_outside_lock: bool = False,
    ) -> None:
        """Record reminders as handed over, each (game id, deadline, hours covered, the
        outbox rows that deliver it), all in one transaction (``sync_outside_lock``: see
        ``Database.transaction``)."""
        if not reminders:
            return
        sent = to_epoch(now)
        async with self._db.transaction(sync_outside_lock=sync_outside_lock) as conn:
            # The batch's outbox rows together, then its records: a few trips to the
            # database for hundreds of reminders (four each, a drain after an outage spent
            # more time on the trips than on the rows).
            await insert_items(conn, [item for *_, outbox in reminders for item in outbox], now)
            await conn.executemany(
                "INSERT INTO reminders_sent (game_id, deadline_at, hours_before, sent_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [
                    (game_id, to_epoch(deadline_at), hours_before, sent)
                    for game_id, deadline_at, hours, _ in reminders
                    for hours_before in hours
                ],
            )

    async def purge_reminders(self, now: datetime) -> int:
        """Delete the reminders no reader can match any more: those of games no longer
        active and those of deadlines already past (a reminder is only looked up against
        its active game's current deadline, which is never moved back into the past);
        returns how many. Reminders of a future deadline moved meanwhile wait until it
        passes: a vacation ended at once restores its deadline exactly."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM reminders_sent WHERE deadline_at <= ? OR NOT EXISTS "
                "(SELECT 1 FROM games g WHERE g.id = reminders_sent.game_id "
                "AND g.status = 'active')",
                (to_epoch(now),),
            )
            return cursor.rowcount
